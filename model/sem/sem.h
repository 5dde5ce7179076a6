/* sem.h — instruction semantics for the model engine, one ops table per
 * architecture (model/sem/<arch>.c).
 *
 * The engine runs each thread's code once per path: an architecture's
 * `exec` interprets one instruction on a sem_run (registers with the set
 * of reads each value depends on) and emits memory events through the
 * sem_* calls below. Reads return a value the engine picks (every value
 * the location may hold, one run per choice), so values are concrete and
 * the engine later keeps only the runs whose read values some write
 * provides. Dependencies follow herd: addr, data, ctrl, ctrlisync are
 * computed from register data flow, never from what the values are.
 * A second kind, herd7's "pick" dependencies (where an architecture's
 * semantics make them), comes from a
 * value that a comparison chose (CSEL, the register CAS returns): the
 * reads the choice depends on are kept apart (sem_run.picks, the
 * *_pick calls) and reach the cat model as pick-addr-dep, pick-data-dep,
 * pick-ctrl-dep and pick-ctrlisb; architectures without them never
 * set them. */
#ifndef LITMUSLAB_MODEL_SEM_H
#define LITMUSLAB_MODEL_SEM_H

#include <stdbool.h>
#include <stdint.h>

#include "litmuslab/arch.h"
#include "litmuslab/test.h"
#include "model/model_limits.h"

/* A value: an integer, or the address of a location symbol plus an
 * offset (sym >= 0). */
typedef struct sem_val {
    int64_t num;
    int sym;
} sem_val;

/* The reads of one run a value depends on: bit i = the run's i-th read
 * (or write made a dependency source, sem_source). */
typedef uint64_t sem_taint;

/* Event tags: the named sets the cat model sees besides R W F IW B.
 * Each architecture declares its own (sem_ops.tags); bit i of an event's
 * tags puts it in the set named tags[i]. */
typedef uint64_t sem_tags;

typedef enum sem_ev_kind { SEM_R, SEM_W, SEM_F, SEM_B } sem_ev_kind;

/* herd7's variable of an operation's result (C: `r0 & 1`): its number
 * in the run (id, 0 for none), the reads among its operands, and its
 * operands that are other operations' results (their ids; -1 for one
 * not followed, 0 for none). herd7's equation for a value computed from
 * such an operand names the operand's variable, not the reads under it
 * (model/symbolic.c herd_solves). */
typedef struct sem_vnode {
    int id;
    sem_taint direct;
    int arg[2];
    int n_reads;          /* the run's reads before it (herd7's number) */
    bool live;            /* a register holds its result (an operation
                             on values made of reads) */
    bool cond;            /* its result is only a branch's condition
                             (herd7's `1 := S > 0`, left side a constant) */
    bool cmp;             /* a comparison (==, <, ...): a branch tests
                             it; on any other operation herd7's branch
                             adds `!= 0`, and the operation stays an
                             equation of the pass (C) */
    bool copy;            /* no operation: an RMW's write copying its
                             read, a variable of its own (sem/c.c
                             rmw_copy), or a zero_copy */
    bool zero;            /* `r1 + r2`, `r1 | r2` with r2 a local holding
                             0: herd7's register phase leaves its
                             `S' := S1 + S2` the copy `S' := S1`, S' a
                             variable of its own (sem/c.c zero_copy) */
    signed char zk;       /* zero or hzero: the operand it copies (0 the
                             first, 1 the second; herd_vars.c replays
                             herd7's register phase with it) */
    bool hzero;           /* an add or or that herd7's register phase
                             makes a copy, as zero, where zero_copy keeps
                             the register what the operand is (a pair's:
                             sem/c.c zero_copy); recorded, not live */
    bool of_op;           /* zero, S1 an operation's result (`r2 = r1 |
                             r10`, r1 = r0 & 1): the register stays an
                             operation's result for the rest of the
                             semantics, its variable this copy's */
    int zdeep;            /* zero, S1 not the variable the memory phase
                             gives what it copies: its register phase's
                             union-find put S1's parent under another
                             (sem/c_regs.c zero_deep); the id of the
                             first zero copy of that S1 (its own, or an
                             earlier one's), else 0 */
    sem_taint opr[2];     /* the read each operand copies (in direct) */
    int zarg[2];          /* an operand whose register read herd7's
                             register phase renamed to a zdeep zero
                             copy's S1: that copy's id, else 0 */
    int sren[2];          /* an operand whose register read herd7's
                             register phase renamed to a split RMW
                             read's parent (sem_run.eq_split): that
                             read's number + 1, else 0 */
    bool same;            /* ==, != or ^ of copies of two reads, a pair of
                             sem_run.sames: a branch on it uses neither
                             (C); or an operation on such values and
                             constants (`r2 + 1`, `r2 & r3`: its arg, the
                             pairs' ids, direct their reads) */
    bool zpair;           /* ==, != or ^ of a zero copy (zero) and what
                             it copies, or two zero copies of one value
                             (C): herd7's register phase leaves `S9 :=
                             S7 ^ S8` with the copy `S7 := S8`, and its
                             memory phase folds it where its union-find
                             renames both to one variable (symbolic.c:
                             a fold); a branch on it uses neither */
    bool zop;             /* a register's copy of the operation: herd7's
                             zero copy of its result (`r2 = r1 | r10`,
                             r1 = r0 + 2, r10 0: `S14 := S23`), which sem/
                             c.c zero_copy leaves the operation's own
                             variable; an xor of it with the result is a
                             zpair, its two arguments that variable */
    int zstmt;            /* 1 + the statement of the last such zero
                             copy of its result, else 0: herd7's memory
                             phase renames its variable to that copy's
                             (`S23 := S11+2` is `S14 := S11+2`), which
                             orders a cycle (symbolic.c herd_numbers) */
    int stmt;             /* the statement computing it (herd7 numbers
                             its variable there: symbolic.c), whose
                             result sem_pin_value may set (-1: none, an
                             RMW's own operation) */
    /* a copy (rmw_copy): the slot of the register returned (home), its
       write, the statement of home's first read (+ 1, 0 none), what
       herd7's register phase saw of home's reads (sem/c.c copy_read);
       from_first: a register copying the copy made by that read */
    int home, wev, first;
    uint8_t deep;
    bool from_first;
} sem_vnode;

/* One event of a run. Dependencies are sets of the run's reads. */
typedef struct sem_event {
    sem_ev_kind kind;
    int loc;              /* location id (R, W), else -1 */
    sem_val val;          /* value read or written */
    sem_tags tags;        /* bit i: in the set ops->tags[i] */
    int stmt;             /* statement index in the thread */
    int inst;             /* the executed instruction it comes from (its
                             rank in the run) */
    int read_no;          /* its bit in sem_taint (an R, or a W made a
                             source by sem_source), else -1 */
    int rmw_read;         /* W of an atomic pair: event index of its read */
    bool valued;          /* F: val is the fence's value (an SRCU index) */
    sem_taint addr, data, ctrl, ctrlisync;
    sem_taint paddr, pdata, pctrl, pctrlisync;   /* pick dependencies */
    sem_taint vdata;      /* W: the reads its value is made of (sem_run.
                             vsrc), where data is the reads it depends on */
    bool vop;             /* W: its value is an operation's result on
                             them (r0 + 1), not a copy of one (r0) */
    sem_taint vloop;      /* W: the reads the Loop test takes its value
                             to be made of beside vdata (LISA: all it
                             depends on, r0 of `xor r0 r0`, a constant
                             in vdata; search.c made_of), else 0 */
    sem_taint vinner;     /* W of an RMW: the reads its operand is an
                             operation's result on (atomic_sub(r0 + 1,
                             x): herd7's S6 := S5 + 1, then the write's
                             S9 := S8 - S6), else 0 */
    sem_vnode vnode;      /* W storing an operation's result: its
                             operation (sem_run.vnode), else id 0 */
    int inode;            /* W of an RMW (atomic_add_unless too) whose
                             operand is an operation: the operand's vnode
                             id, whose variable herd7's write names in
                             place of vinner's (`S22 := S21 + S19`, S19
                             := S18 + S18 of `atomic_fetch_add(r3 + r3,
                             y)`), its operations each an equation (S18,
                             a zpair's fold; `(r0 != 0) ^ (r0 >= 0)`, a
                             diamond on r0; `S20 := S19+S17` on a pair
                             of copies, S17 := S16|S16), else 0 */
    bool vcopy;           /* W of an RMW adding a local that holds 0 (no
                             read in it): herd7's register phase makes
                             its `S' := S + S0` the copy `S' := S`, its
                             own variable copying the read (a copy here,
                             vdata single, vop false); a literal 0 makes
                             no variable (model/symbolic.c) */
    bool vraw;            /* W: its one read's value as read, through no
                             operation of herd7's (a compare-and-swap's
                             write-back): an equation that fixes a read of
                             it fixes that read too (model/copy_cycles.c) */
    bool vdeep;           /* W with vcopy of an _return RMW: herd7's
                             register phase puts its variable under
                             another in its union-find (sem/c.c
                             copy_read): the memory phase copies it
                             through one more variable */
    int anode;            /* R, W (C): the operation (sem_vnode id) whose
                             result its address is (`x + (r0 & 0)`, which
                             herd7 does not fold): a variable of herd7's
                             memory phase, which rf's equations tie to
                             the other access's address (model/
                             symbolic.c addr_eq), else 0 */
    sem_taint acopy;      /* R, W (C): the read its address is a copy of
                             (`r1 = READ_ONCE(*r0)`, r0 read from p):
                             that read's variable, likewise, else 0 */
    int vzero;            /* W of a register herd7's register phase
                             renamed to a zdeep zero copy's S1 (sem_vnode.
                             zdeep): that copy's id, else 0 */
    int8_t vherd;         /* W: C: 1 + the read whose variable herd7's
                             memory phase gives its value where its
                             register phase renames the value apart from
                             vdata's read (model/sem/c_regs.c), else 0;
                             a W storing an operation: the read whose
                             variable its operand vherd_of is */
    int8_t vherd_of;      /* W storing an operation: 1 + the read of
                             vdata its operand copies, which herd7's
                             register phase renames to vherd's variable
                             (`r1 = cmpxchg(y, r2, ..); *x = r1 | 1`:
                             r2's read), else 0 */
    uint8_t bytes;        /* R, W: the access size where the architecture
                             gives it (sem_set_bytes), else 0 */
    /* herd7's instruction it belongs to where one instruction makes
     * several of the semantics' steps (a C statement: sem_run.step),
     * else 0. po orders two events of one step only along herd7's iico:
     * a read before the access its address, data or condition depends
     * on (addr, data, ctrl, iico), an RMW's read before its write, a
     * fence before and after everything else of the step. */
    int step;
    sem_taint regs_read;  /* sem_run.regs_read when it was made */
    sem_taint iico;       /* W: reads of its step it waits for besides its
                             data (a cmpxchg's expected value's) */
    /* F of a fully ordered RMW of a step (C): the statements of its call
     * (its operands' and its own), the accesses it orders there; else
     * call_last < 0 (sem_fence_call) */
    int call_first, call_last;
    /* R of a fully ordered RMW (C): herd7 returns its value after the
     * trailing fence, from that fence, so no dependency starts at it
     * (`WRITE_ONCE(*x, xchg(y, 1))`: no data, doc/lkmm.md) */
    bool nodep;
    /* W of a C exchange whose value an RMW call nested in it returns:
     * the statements of that call, whose events herd7 orders before it
     * (ll_instr.wait); else wait_last < 0 */
    int wait_first, wait_last;
    /* W: a write set aside from co (C: lock.cat's unmatched unlock, in
     * no co, so no fr from a read of it), which only an aside read of
     * another thread takes as its source, or a read reaches through
     * also. R: its source is the initial write or another thread's
     * write, an aside one too (lock.cat's rfe-ru); its own thread's
     * writes it reads come through also (sem_read_also) */
    bool aside;
    /* R: a write of its thread (event index) it reads besides its
     * source; W: the next such write back that a read reaching this
     * one reads too (a chain, to -1; lock.cat's rfi-ru: an RU reads
     * every unlock before it since its thread's last lock) */
    int also;
} sem_event;

typedef struct sem_run sem_run;

/* What exec tells the interpreter to do next. */
typedef enum sem_next {
    SEM_NEXT,             /* fall through */
    SEM_JUMP,             /* go to the label in *label */
    SEM_DEAD,             /* this path cannot happen (e.g. a stwcx. that
                             cannot succeed): drop the run silently */
    SEM_ERROR,            /* bad instruction: sem_error() was called */
    SEM_END,              /* the thread ends here (a return from it:
                             `ret`, `blr`) */
    SEM_GOTO,             /* go to statement r->goto_pc (a return, an
                             indirect jump; n_stmts = the end) */
} sem_next;

/* herd7's fresh variables of one instruction, in its order (a register
 * read, an operation's result, a memory read: one each). */
typedef struct sem_vars {
    int n;          /* how many */
    int read_at;    /* its memory read's place among them (from 1), or 0 */
    int dest;       /* the register it sets (ll_operand.reg), or -1: to
                       its read's value, or with copy_of to a copy */
    int copy_of;    /* ... of this register's value, or -1 */
    int copy_at;    /* the copy's variable's place (from 1) */
    int op_at;      /* with dest: the place of the operation's result
                       it sets dest to (a mov of an operation, or a
                       load that masks its read), which comes before
                       read_at and copy_of; 0: none (with neither, a
                       constant: no register equation) */
    int guard;      /* a conditionally run instruction (`MOVEQ`):
                       its first `guard` variables are its condition's,
                       made on both ways; herd7 numbers the rest of the
                       thread on the way that runs it (the rest of n)
                       first, then on the way that skips it (sem_run.
                       turns tells the run's way: 1 it ran) */
    bool first_only; /* n holds for the thread's first such instruction
                        only: after one, the thread is not numbered
                        (a store-conditional: 10, then 20, 40, ...) */
    const char *jump; /* an unconditional branch's label: herd7 numbers
                         the instructions it skips on no path */
    const char *cond; /* a conditional branch's label (n: its register's
                         variables): herd7 numbers every path, the jump's
                         first (sem_run.turns tells the run's way) */
    bool reg_solved; /* a load whose read's variable herd7 shows as its
                        parent in the union-find of its thread's register
                        equations (mostly the last read of its
                        value, herd_vars.c) */
    int n_rd;       /* the registers it reads, for those equations (an
                       operation's two operands the last two: herd_vars.c
                       mdl_herd_reg_fold) */
    int rd_reg[SEM_MAX_RD_REGS];  /* ... each one's (ll_operand.reg) */
    int rd_at[SEM_MAX_RD_REGS];  /* ... and its variable's place (from 1) */
    int val_at;     /* a store: the place of the register read whose
                       value it writes (one of rd_at), or 0 (herd7's
                       memory phase writes that read's parent in the
                       register equations: herd_vars.c mdl_herd_regs) */
    int zero_at;    /* an add or or of two registers (its two rd): the
                       place of its result, which herd7's register phase
                       makes a copy of one operand where it solved the
                       other to 0 (herd_vars.c zero_copies); 0: none */
    bool zero_dest; /* dest is set to a value that phase solves to 0: a
                       constant 0, or (two rd) an xor of reads it renames
                       to one variable or of one constant register */
} sem_vars;

/* herd7's variable for a register read at place at + 1 of an
 * instruction's (sem_vars): noted in rd_reg for the register equations;
 * returns the places it takes, 1. */
int sem_vars_read(sem_vars *out, int reg, int at);

/* For sem_ops.check: a form herd7 7.58 does not read (its parser refuses
 * the test) but the CPU runs and hwrun writes: why gets "herd7 7.58 does
 * not read 'INSTR' (what), so the model refuses the test; hwrun runs
 * it", INSTR printed by arch. Returns false. */
bool sem_unread_form(const ll_arch_ops *arch, const ll_instr *in,
                     const char *what, ll_buf *why);

/* herd7 7.58 reads a number in code into OCaml's 63-bit int: one outside
 * -2^62..2^62-1 stops it on an assertion (its lexer's int_of_string or
 * lib/misc.ml, then genParserUtils). Whether in's immediates and address
 * offsets are within; SEM_HERD_INT_WHY says why not, for sem_unread_form. */
bool sem_herd_ints(const ll_instr *in);
#define SEM_HERD_INT_WHY \
    "it stops on an assertion on a number outside -2^62..2^62-1"

/* sem_ops.check of a reader whose only forms herd7 7.58 does not read
 * are a number spelt as its lexer does not read it (flag set by the
 * reader; spelling says how and what it reads) and one outside
 * sem_herd_ints: true, or false with sem_unread_form's message. */
bool sem_check_numbers(const ll_arch_ops *arch, const ll_instr *in,
                       unsigned flag, const char *spelling, ll_buf *why);

typedef struct sem_ops {
    ll_arch_id arch;
    const char *default_model;   /* cat file name: "sc.cat" */
    /* The model for one test when it depends on the test (C: RC11 for C11
     * atomics, else the LKMM); NULL: default_model. */
    const char *(*model_for)(const ll_test *t);
    /* herd7 7.58 reads a -bell file for every test but runs it before
     * the model (its bindings, flags and checks the model's) only for
     * some architectures: true where it leaves it out. */
    bool ignores_bell;
    /* The tag sets this architecture's events may carry (fence kinds,
     * annotations such as X for atomic accesses), at most SEM_MAX_TAGS.
     * A model may name any of them; one no event carries is empty. The
     * relations built on the fences are cat, in model/cats/<arch>fences.cat. */
    const char *const *tags;
    int n_tags;
    /* Sets herd7 defines for every test of the architecture that are
     * empty here (features no litmus test of ours has); NULL: none. */
    const char *const *herd_empty;
    int n_herd_empty;
    /* The models of this architecture require rmw atomicity (rmw &
     * (fre; coe) empty): the search drops candidates that break it before
     * the cat model sees them (not under --explain, which shows them),
     * when the model does forbid them (cat_atomic_pairs, cat_atomic_single:
     * herd7 builds them, and a model without the check allows them). */
    bool rmw_atomic;
    /* herd7's lock operations (C's spin_lock...) are not memory
     * accesses: herd7 puts them in no R, W, rf or rmw, and a model that
     * handles them (the kernel's lock.cat) builds their rf and co in
     * cat. The engine still runs them as accesses to a lock word (0
     * free, 1 taken), which gives exactly the orders of critical sections
     * herd's lock.cat enumerates (on a word plain accesses use too, the
     * search keeps lock.cat's rules, search.c's lock_mixed); for a model that chooses co itself
     * (cat_chooses_co) it shows events with a tag in herd_nonmem as
     * herd7 does, keeps them in co (the model restricts co to its W),
     * and does not choose a source for the reads with a tag in
     * herd_chosen_reads (the model chooses with `with ... from`). */
    sem_tags herd_nonmem, herd_chosen_reads;
    /* ... and of those, the reads lock.cat gives an unlock or the
     * initial write (LKR, RU), whatever the value that write is of
     * (a lock word the init block starts at 1); the others (LF, RL)
     * read a lock's write only */
    sem_tags herd_free_reads;
    /* herd7's po relates instructions, not the events of one: for an
     * architecture whose models order an xchg's read and write by
     * nothing else, or whose rmw's read and write herd7 relates by iico
     * only, the
     * engine leaves them out of po and of its coherence check (herd7
     * lets the read read from a write co-after the instruction's own
     * write), a read never reading from its own instruction's write.
     * false: every event of a thread is po-after the ones it made
     * before (elsewhere herd7 orders them by iico, as po does here). */
    bool po_between_instrs;
    /* ... and, where it is false, the events with one of these tags,
     * which herd7 orders by nothing but iico (the read and write of one
     * atomic instruction, where herd7 makes two events): out of po
     * and of the coherence check with the other events of their
     * instruction. */
    sem_tags unordered_in_instr;
    int n_regs;                  /* register slots before symbolic ones */
    /* Slot of a register id, or -1 if it has none. Symbolic registers
     * (sym != NULL) are resolved by the engine, not here. */
    int (*reg_slot)(int reg);
    /* The value of register id `reg` given the slot values (e.g. `eax`
     * is the low half of slot rax). */
    sem_val (*reg_value)(const sem_val *slots, int reg);
    sem_next (*exec)(sem_run *r, const ll_instr *in, const char **label);
    /* Final states show a value of an unsigned 64-bit place as unsigned,
     * as herd7 7.58 does (18446744073709551615): every assembly
     * architecture; the C semantics leave it off. */
    bool show_unsigned;
    /* herd7's values: signed integers of `word` bytes (8 on a 64-bit
     * architecture), word_of(test) when the test's header decides (a
     * 32-bit and a 64-bit header of one architecture). A register's
     * final value is its whole content and a
     * memory location narrower than a word holds its bits (an int x of
     * -1 is 0xffffffff): herd7 tells final states apart and orders them
     * by these values, and shows each as its place's type does (so two
     * states may show alike, and -1 in a 32-bit register can follow 1).
     * 0 and no word_of: values are as shown (C, LISA). */
    int word;
    int (*word_of)(const ll_test *t);
    /* Code labels are values (herd7's `label:"P0:L0"`: sem_code_label). */
    bool code_labels;
    /* A read may return any integer constant of the code, not only the
     * values the runs so far wrote to its location: a value that flows
     * through a branch back into the store that makes it (C's `if (r ==
     * 1) WRITE_ONCE(*y, 1);` in a load-buffering cycle) is then found,
     * as herd7's symbolic values find it; the values no write provides
     * are dropped with their runs. A location a run reaches first gets
     * only the constants value_operand names (model/paths.c). */
    bool seed_constants;
    /* Registers are names the code declares (C's locals): the init block
     * may give a value to any name, declared in the body or not. */
    bool named_registers;
    /* A check of every instruction before any run, reached or not (LISA's
     * annotations against the bell's declarations, as herd7 checks them):
     * false with the reason in why. NULL: none. */
    bool (*check)(const ll_instr *in, ll_buf *why);
    /* The same of an instruction against its thread's code th (a label
     * it takes the address of must be one of th's). NULL: none. */
    bool (*check_in)(const ll_thread *th, const ll_instr *in, ll_buf *why);
    /* Why herd7 7.58 does not read a register's name as test t's init
     * block or condition spells it (a case its lexer does not take),
     * NULL where it does. NULL: it reads every name the reader does. */
    const char *(*reg_name_why)(const ll_test *t, const char *name);
    /* Whether herd7 7.58's operation of in makes variables of its result
     * alone right after the result's (flags of it): its solver sorts
     * them among the equations by those numbers, so they may lead its
     * walk into a cycle through the result first (symbolic.c). NULL:
     * none. */
    bool (*op_dependents)(const ll_instr *in);
    /* An address that a value read moved off its location (x plus a
     * register read as 2) is a location of its own, apart from x, with
     * no initial value (a read there reads a write there; none, no
     * execution), as herd7 runs some assembly languages without
     * -variant mixed (the architectures' files say which).
     * false: the run is dropped (another value read gives a real
     * address), or with offsets_refused, a run that writes there whose
     * reads find their values refuses the test as mixed-size, as herd7
     * does before its model for some instruction sets ("mixed-size
     * test rejected (symbol [y+1])"; a read there is no execution). */
    bool offsets_apart;
    bool offsets_refused;
    /* ... and so is an address the code fixes (x plus the offset of
     * `lw x5,4(x6)`, inside a 64-bit x or past its end), as herd7 7.58
     * runs an assembly test without -variant mixed; it refuses the test
     * when such a location is read and nothing writes it ("mixed-size
     * test rejected"): model/paths.c apart_unwritten. false: the test
     * is refused as mixed-size at the access. */
    bool const_offsets_apart;
    /* herd7 makes one event, in both R and W, of an atomic instruction's
     * read and write whose write has one of these tags (AMOs,
     * C11's atomic read-modify-writes): the engine runs them as a read
     * and a write paired in rmw and shows the model the one event
     * (model/herdev.c). 0: none. */
    sem_tags one_event;
    /* herd7 pairs in rmw every atomic read (R*) and atomic write (W*) of
     * one instruction and location where the read's value goes straight
     * into the write (iico_data), not only an RMW's own: in
     * `atomic_add(xchg_relaxed(z, 1), z)` the xchg's read and the add's
     * write too (doc/lkmm.md). The tag of such accesses (C: the kernel's
     * RMWs), or 0. */
    sem_tags nested_rmw;
    /* herd7's values are symbols solved through rf (C): a read whose
     * value a cycle of copies leaves undetermined is one execution with
     * a symbolic value (S8), and none where such a value meets an
     * operation or a branch; the semantics fill sem_run.used
     * (model/symbolic.c). */
    bool symbolic_values;
    /* Only the first part of that (LISA): a cycle of copies no write
     * fixes is one execution with a symbol (`[y]=S4;`), none where such
     * a value meets an operation, but the value sets, paths and loops
     * stay as without it (model/symbolic.c through model/search.c). The
     * semantics fill sem_run.used and vsrc and mark each write whose
     * value is an operation's result (sem_set_vdata). */
    bool symbolic_cycles;
    /* The locations' value sets follow the write sites each value was
     * made through, as where values are symbolic (model/paths.c
     * pend_writes; the writes' vdata must be herd7's value sources): a
     * value only made through its own site again is left out, and so
     * are the runs that write it (LISA: an RMW chain grew its location
     * by one value a round). */
    bool follow_sites;
    /* herd7's fresh variables for instruction in on straight-line code
     * (sem_vars); false where the thread's code is not straight-line (a
     * branch). model/herd_vars.c numbers a symbol with it where the
     * thread has no C tree. NULL: none. */
    bool (*herd_vars)(const ll_instr *in, struct sem_vars *out);
    /* ... and how many herd7 makes before the first thread's */
    int herd_vars_base;
    /* Whether herd7's reads and writes pass values through operations
     * under t's header (per header: the 64-bit header of an architecture
     * may differ from its 32-bit one): an execution whose
     * value goes round a cycle of reads-from and copies, with no
     * equation with a constant, is none at all, not one with a symbol
     * (model/copy_cycles.c; the writes' vdata, the data they depend on
     * unless the semantics say otherwise). NULL: never. */
    bool (*copies_unsolved)(const ll_test *t);
    /* The semantics keep sem_run.vsrc though values are not symbolic
     * (LISA): the path pass (errors_on_every_path) goes both ways on a
     * branch on a value made of reads, and takes an address herd7
     * simplifies to a constant (`y+r22`, `mov r22 (xor r0 r0)`) as one
     * (sem_run.addr_fixed). */
    bool value_sources;
    /* Without errors_on_every_path, address 0 is a location with no
     * initial write all the same (herd7's LISA): a run that goes there
     * is refused when herd7 solves its values (model/search.c
     * bad_solves: the semantics fill sem_run.used), a read there that
     * no write feeds refuses the test (paths.c apart_unwritten). */
    bool zero_location;
    /* herd7 builds every path of a thread, chosen by values or not, and
     * refuses the test when one reads a constant address that is no
     * location (C: a pointer local never set, `Non symbolic location with
     * no initial write: '[0]'`), even a path no execution takes, unless
     * the paths taken with it may write there (model/paths.c
     * zero_paths_refuse); a store there, or through an address read as
     * 0, refuses it when its reads find their values. false, and for
     * any access there: only then (mdl_run.bad; herd7's LISA). */
    bool errors_on_every_path;
    /* Its path pass alone: a read at a constant address that is no
     * location on a path no value takes refuses the test too, but a
     * store through an address read that is no location leaves the path
     * without an execution, as with neither. */
    bool zero_path_pass;
    /* The operand of in that is the address of a read or write that
     * may go to address 0 (a memory access, not a lock's), or -1; NULL:
     * any may. The path pass runs only where one is a constant or a
     * register that starts as one (model/paths.c zero_paths_refuse). */
    int (*addr_operand)(const ll_instr *in);
    /* Whether operand k of in is a value the access writes at its
     * address or compares with the value there (a store's value, a
     * cmpxchg's expected and new values; not an increment): a location
     * a run reaches first gets those constants (seed_constants). NULL:
     * none. */
    bool (*value_operand)(const ll_instr *in, int k);
    /* Where addresses go in in (model/paths.c no_illegal_path): may[k]
     * says whether operand k's value may be an address, and for its
     * address operand (addr_operand) whether the memory read there may
     * hold one; sets out[k] for each register operand that may then
     * hold one. Returns false where in may make an illegal operation
     * (sem_illegal_op), or is one whose flow it does not know. NULL:
     * any may. */
    bool (*address_flow)(const ll_instr *in, const bool *may, bool *out);
    /* Whether in writes a value made of what it reads (an RMW that adds
     * to it: atomic_inc, atomic_fetch_add, atomic_add_unless; not an
     * exchange): under a branch on a thin-air cycle's value, that value
     * may anchor the cycle (model/paths.c seed_forced_values). NULL:
     * none. */
    bool (*adds_to_read)(const ll_instr *in);
    /* Whether the constants of in only count (C: herd7's SRCU index,
     * lib/c/poi.c, 307 (n + 1) + 599 k): no value of memory, so not in
     * the locations' value sets (seed_constants); an index a store
     * writes gets there as any value written. NULL: none. */
    bool (*counts_only)(const ll_instr *in);
    /* Called when a run ends (not dead, no error): false drops it (C: a
     * guess about herd7's register phase that its solver contradicts,
     * model/sem/c_regs.c). NULL: every run stands. */
    bool (*run_end)(sem_run *r);
    /* Whether a statement after stmt in the same step (herd7's
     * instruction, C's LL_C_STEP) writes memory an address and value
     * that do not come from stmt's result (an xchg's or atomic_inc's
     * constant: herd7's po leaves it unordered with a read before it in
     * the step, which may read it, model/paths.c read_how). NULL: none. */
    bool (*writes_later_in_step)(const ll_thread *t, int stmt);
} sem_ops;

/* The ops table for an architecture, or NULL. */
const sem_ops *sem_find(ll_arch_id arch);

/* Register state of the running thread, for exec. */
typedef struct sem_reg {
    sem_val v;
    sem_taint t;
} sem_reg;

struct sem_run {
    sem_reg *regs;          /* slots: ops->n_regs, then symbolic ones */
    int n_slots;
    sem_taint ctrl;         /* reads the branches so far depend on */
    sem_taint ctrlisync;    /* ... those followed by an isync */
    sem_taint pctrl, pctrlisync;   /* the same, through a pick */
    sem_taint *picks;       /* per slot: reads it depends on through a
                               pick (kept apart so sem_reg stays two
                               fields for the architectures without) */
    /* A reservation (lwarx) still held: its address and read event. */
    bool reserved;
    sem_val res_addr;
    sem_taint res_dep;      /* what the reserved address depends on */
    int res_event;
    int res_event2;         /* a pair's second read (LDXP) */
    /* The thread's last atomic access (herd7's X) when it is a read,
     * else -1, and its address, kept by the semantics that pair such a
     * read in rmw with the next atomic write to that address */
    int x_read;
    sem_val x_addr;
    int pc;                 /* index of the statement being executed */
    int step;               /* sem_event.step of the events made now: the
                               semantics counts them (C: LL_C_STEP) */
    /* the jump exec returns is a conditional branch on a value no read
     * made, which the engine follows without counting it as a loop's
     * turn (where herd7 7.58 does so; exec elsewhere leaves it false) */
    bool concrete_jump;
    /* exec did not run a conditionally run instruction (its condition
     * did not hold: sem_vars.guard's other way; exec elsewhere leaves it
     * false) */
    bool skipped;
    /* a store-exclusive's status was chosen in this run; herd7 holds it
     * as a symbolic value, so exec takes no later branch as concrete (a
     * conservative cut: its register is not followed) */
    bool chose_status;
    int goto_pc;            /* SEM_GOTO's target statement */
    /* The reads whose values an operation, a comparison, a branch or an
     * address used (C: sem_ops.symbolic_values); a read outside it has
     * only been copied, to registers and by stores. */
    sem_taint used;
    /* The reads whose values an instruction has read from a register so
     * far (kept by the semantics whose register reads add to it), each
     * event made keeps them (sem_event.regs_read: model/copy_cycles.c) */
    sem_taint regs_read;
    /* Pairs of reads an equality test compares, each side a copy of one
     * read (a branch on two registers being equal, or a compare whose
     * flags only an equal / not equal condition reads), bit numbers,
     * n_sames of them: herd7 evaluates S = S once both are one symbol,
     * solved, and keeps the execution, so the test uses its reads only
     * where they are not one (model/symbolic.c; measured:
     * tests/e2e/model_copy_cycles.sh) */
    int n_sames;
    uint8_t sames[SEM_MAX_EQS][2];
    /* Operations on one symbol twice (`xor r20 r20`, r20 an
     * operation's result) and whether the run took them folded to a
     * constant, sem_fold_guess's: herd7's register phase folds one only
     * where its union-find renames both operands alike (checked at the
     * run's end: LISA's by paths.c with herd_vars.c mdl_herd_reg_fold,
     * C's by sem/c_regs.c cr_run_end) */
    int n_folds;
    int fold_pc[SEM_MAX_EQS];
    bool fold_yes[SEM_MAX_EQS];
    bool fold_dflt[SEM_MAX_EQS];    /* the way where herd7's is not known */
    /* for flags: they were last set by a compare of two copies of these
     * reads (their vsrc; 0 not) */
    sem_taint flag_same[2];
    /* The reads an equation sets equal to a constant (a cmpxchg that
     * succeeds with a constant expected value, atomic_add_unless that
     * reads its constant limit): herd7 solves them, a cycle of copies
     * through them included (model/symbolic.c). */
    sem_taint pinned;
    /* ... and pairs of reads one sets equal (the expected value a copy
     * of another read's): bit numbers, n_eqs of them, the RMW's read
     * first */
    int n_eqs;
    uint8_t eqs[SEM_MAX_EQS][2];
    /* C: bit i: herd7's register phase leaves equation i, its two sides
     * renamed apart (model/sem/c_regs.c): a copy equation of the memory
     * phase (model/symbolic.c); bit SEM_MAX_EQS + i: herd7 writes it
     * read := expected (atomic_add_unless's failure), else expected :=
     * read (a cmpxchg's success) */
    uint8_t eq_left;
    /* C: bit i: equation i holds in herd7's register phase (its two
     * sides have one parent) but the read its operand copies has another
     * parent (a copy of that read deepens the tree: P1 `r1 =
     * READ_ONCE(*y); r0 = r1;` then atomic_add_unless(y, r1, r0) failing
     * beside two compare-RMWs of y on r1): the memory phase has the RMW's
     * read and that read as two variables, joined by the copy the phase
     * leaves between their parents (model/symbolic.c split_reads) */
    uint8_t eq_split;
    /* ... and a read set equal to an operation's result on other reads
     * (`cmpxchg(x, r1 - r1 + 2, ..)` succeeding): {the read's taint, the
     * operands' reads}, n_opeqs of them. herd7 cannot solve such an
     * equation where the read and an operand are one symbol (they read
     * one write whose value is no constant, or copies make them equal):
     * model/symbolic.c drops that execution. */
    int n_opeqs;
    sem_taint opeqs[SEM_MAX_EQS][2];
    /* C: equation i's operation (its sem_vnode id; 0 none): herd7's
     * register phase makes the read that operation's variable (its copy
     * equation `S11 := S14`, the operation's variable on the left), so
     * its memory phase has no equation of the read's own
     * (model/symbolic.c) */
    int opeq_node[SEM_MAX_EQS];
    /* C: equation i's expected value is a copy of an _return RMW's
     * variable (its sem_vnode id, rmw_copy; 0 none): herd7's register
     * phase puts the read in that variable's class, not its read's */
    int eq_node[SEM_MAX_EQS];
    /* bit i: equation i's operands reach the read's register through
     * operations (herd7's mask32 of a 32-bit register), not copies only
     * (model/copy_cycles.c) */
    uint8_t opeq_ops;
    /* C: bit i: equation i's operation is one operation on values no
     * operation made (`r0 * 2`, not `r0 * 0 + 2`: model/symbolic.c) */
    uint8_t opeq_one;
    /* per slot: the reads its value is made of, as herd7's symbolic value
     * is (`r0 ^ r0` is none, `r1 + 0` r1's); C and LISA only (sem_ops.
     * symbolic_values, value_sources), else NULL */
    sem_taint *vsrc;
    /* per slot (with vsrc): the reads of the branches its value was set
     * under, directly (a write in the body of an if) or through the registers
     * it was computed from. herd7's C draws control from an if's
     * condition to every event of its bodies, register writes included,
     * so a later if that tests such a register has a ctrl dependency on
     * those reads too; a store or an address does not (model/sem/c.c) */
    sem_taint *vctrl;
    /* the reads of the branches in force that their conditions got
     * through a register (C): those vctrl carries. herd7 carries none
     * that the condition reads from memory itself (`if (READ_ONCE(*z))
     * r0 = 1; if (r0) ...`: no ctrl from z to the second if's arms) */
    sem_taint rctrl;
    /* the reads of the registers the C instruction running has read so
     * far (its step, LL_C_STEP): herd7 draws an if's control from every
     * event of its condition, the register reads of an RMW's operands
     * too (`if (cmpxchg_relaxed(z, 0, r0) == 0)` orders r0's read before
     * the arms, where the value tested is z's read alone) */
    sem_taint step_regs;
    /* Set by exec before an access whose address depends on reads but is
     * made of none (vsrc: `y+r22`, `mov r22 (xor r0 r0)`), which herd7
     * knows whatever the values read: no store through an address read
     * from memory for the path pass (zero_paths_refuse), and address 0
     * there is a constant 0. The access clears it. */
    bool addr_fixed;
    /* ... and the reads that address depends on but is not made of
     * (`z+r20`, r20 `xor r0 r0`: r0), which the access does not use
     * (sem_run.used): herd7's address is z whatever r0 is, so a cycle of
     * copies through r0 keeps its execution. The access clears it. */
    sem_taint addr_unused;
    /* per slot (with vsrc): its value is an operation's result, not a
     * copy of the one read vsrc names */
    bool *vop;
    /* per slot (with vsrc): the operation its value is the result of
     * (sem_vnode; id 0: none), and the operations numbered so far */
    sem_vnode *vnode;
    int n_vnodes;
    /* ... those operations, by id - 1 (n_vnodes of them) */
    sem_vnode *vnodes;
    int cap_vnodes;
    /* per slot: the reads its value is made of where that is less than
     * what it depends on (an exclusive or of a register with itself
     * depends on its read and is 0, as herd7's x ^ x); sem_set makes it
     * the dependencies
     * (model/copy_cycles.c reads it through the writes' vdata) */
    sem_taint *made;
    /* the way taken at each place herd7 reads both ways (C: an if on a
     * value read, a cmpxchg, a trylock...; assembly: a conditional
     * branch, sem_vars.cond, 1 the jump; a conditionally run
     * instruction, sem_vars.guard, 1 it ran), bit i the i-th so met
     * (model/herd_vars.c numbers herd7's symbols with it) */
    uint64_t turns;
    int n_turns;
    /* C only: the compare-RMWs (bit ll_instr.cas) whose way was chosen
     * at a statement of theirs before their instruction (herd7 evaluates
     * a cmpxchg's new value on its success way only), and of those the
     * ones that succeed */
    uint64_t cas_chosen, cas_ok;
    void *engine;           /* the engine's state (opaque to exec) */
    /* herd7's -variant telechat (or the test's Variant=telechat): a
     * branch to a register, or a ret, returns only under it
     * (mdl_test.telechat) */
    bool telechat;
    /* An architecture's own state for a run (C: herd7's register phase,
     * model/sem/c_regs.c), allocated by exec, freed with the run; run_no
     * counts the runs, so exec sees a new one begin. */
    void *arch_state;
    unsigned run_no;
    /* The slots sem_op_slot found for the operands ops[0..n) of the
     * instruction the semantics run (sem_op_slots), -2 not asked yet:
     * op_slot, the statement's row of slot_rows where it is statement pc
     * of the thread's slot_stmts (the engine's, kept over its runs), else
     * own_slot */
    const ll_operand *slot_ops;
    int slot_n;
    int *op_slot;
    int own_slot[LL_MAX_OPERANDS];
    int (*slot_rows)[LL_MAX_OPERANDS];
    const ll_stmt *slot_stmts;
    int slot_n_stmts;
};

/* Slot of a REG operand (or MEM base/index with sym for symbolic
 * registers); -1 after sem_error when it has none. */
int sem_slot(sem_run *r, int reg, const char *sym);

/* The instruction whose operands sem_op_slot answers from now. */
static inline void sem_op_slots(sem_run *r, const ll_instr *in)
{
    r->slot_ops = in->ops;
    r->slot_n = in->n_ops;
    if (r->slot_rows && r->pc >= 0 && r->pc < r->slot_n_stmts &&
        in == &r->slot_stmts[r->pc].instr) {
        r->op_slot = r->slot_rows[r->pc];
        return;
    }
    r->op_slot = r->own_slot;
    for (int k = 0; k < in->n_ops; k++)
        r->op_slot[k] = -2;
}

/* sem_slot of operand o, found once an instruction where o is one of
 * sem_op_slots' (the C semantics ask for an operand's slot at each use
 * of it, a dozen times in a binary operation: a fifth of a run's time,
 * each a walk of pointers to the thread's table). */
static inline int sem_op_slot(sem_run *r, const ll_operand *o)
{
    uintptr_t k = ((uintptr_t)o - (uintptr_t)r->slot_ops) / sizeof *o;
    if (!r->slot_ops || (uintptr_t)o < (uintptr_t)r->slot_ops ||
        k >= (uintptr_t)r->slot_n)
        return sem_slot(r, o->reg, o->sym);
    if (r->op_slot[k] == -2) {
        int s = sem_slot(r, o->reg, o->sym);
        if (s < 0)
            return s;       /* (its error again each time) */
        r->op_slot[k] = s;
    }
    return r->op_slot[k];
}
/* Read / write a register slot; slot -1 reads 0. sem_set clears the
 * slot's pick dependencies, sem_set_pick sets them too, sem_get_pick
 * reads them. */
sem_reg sem_get(sem_run *r, int slot);
sem_taint sem_get_pick(sem_run *r, int slot);
/* The reads slot's value is made of (sem_run.made); sem_set_made after
 * sem_set narrows it. */
sem_taint sem_get_made(sem_run *r, int slot);
void sem_set_made(sem_run *r, int slot, sem_taint made);
/* The reads slot's value is made of as herd7's symbolic value
 * (sem_run.vsrc) and whether it is an operation's result (sem_run.vop);
 * 0 and false where they are not tracked. sem_set_vsrc records both. */
sem_taint sem_get_vsrc(sem_run *r, int slot);
/* Whether the running statement's operation on one symbol twice is
 * folded to a constant: a choice of the run, checked at its end
 * against herd7's register phase (sem_run.n_folds); past SEM_MAX_EQS,
 * or where herd7's is not known (a loop), dflt. */
bool sem_fold_guess(sem_run *r, bool dflt);
/* An equality test of two values made of the reads a and b (aop, bop:
 * an operation's result): a pair of sem_run.sames where each is a copy
 * of one read, else a use of both (sem_run.used). */
void sem_equality_use(sem_run *r, sem_taint a, bool aop, sem_taint b,
                      bool bop);
/* An xor, eq or neq of copies of two reads a and b (bits, no
 * operation): herd7's `S := S4==S6` is a constant once rf makes both
 * one symbol, when its pass meets it; a pair of sem_run.sames, not a
 * use of either, and its result, in *pair, the sem_vnode.same a
 * register or a write carries (symbolic.c same_folds). false, none
 * recorded, where a and b are not two such reads. */
bool sem_copies_paired(sem_run *r, sem_taint a, sem_taint b,
                       sem_vnode *pair);
bool sem_get_vop(sem_run *r, int slot);
void sem_set_vsrc(sem_run *r, int slot, sem_taint vs, bool op);
/* The operation slot's value is the result of (sem_run.vnode; id 0 for
 * none: sem_set_vsrc clears it), and setting it after sem_set_vsrc. */
sem_vnode sem_get_vnode(sem_run *r, int slot);
void sem_set_vnode(sem_run *r, int slot, sem_vnode n);
/* Write event ev stores the result of operation n (sem_event.vnode). */
void sem_set_wnode(sem_run *r, int ev, sem_vnode n);
/* Access ev's address is the result of operation id (sem_event.anode),
 * or a copy of the reads copy (sem_event.acopy). */
void sem_set_anode(sem_run *r, int ev, int id, sem_taint copy);
/* The result v of an operation on values read, made by the running
 * statement: the engine may set it to the constant an equation gives it
 * (model/paths.c pin_paths). */
void sem_pin_value(sem_run *r, sem_val *v);
/* A new operation of the run (sem_run.vnodes): its id. */
sem_vnode *sem_new_vnode(sem_run *r);
/* The run's reads so far. */
int sem_n_reads(sem_run *r);
/* sem_set, then sem_set_vsrc: slot's value is made of the reads vs, an
 * operation's result on them (op) or a copy of the one read vs names. */
void sem_set_valued(sem_run *r, int slot, sem_val v, sem_taint t,
                    sem_taint vs, bool op);
void sem_set(sem_run *r, int slot, sem_val v, sem_taint t);
void sem_set_pick(sem_run *r, int slot, sem_val v, sem_taint t,
                  sem_taint p);

/* The address of a location symbol by name (offset 0). */
sem_val sem_addr_of(sem_run *r, const char *name);
/* herd7's lock word at address 0 (C: a lock operation on a misspelt
 * lock, a register of 0): a location of its own with no initial write,
 * which reads see as SEM_NO_INIT (lock operations only write 0 and 1). */
#define SEM_NO_INIT 2
sem_val sem_lock_word0(sem_run *r);
/* v is the initial value of the location at addr, which has an initial
 * write (herd7's lock events read that write whatever its value). */
bool sem_is_start(sem_run *r, sem_val addr, sem_val v);
/* The value of an operand: IMM its number, SYM the address of its
 * location (plus imm), REG the register's value and the reads it
 * depends on. */
sem_reg sem_operand(sem_run *r, const ll_operand *o);

/* Memory events. sem_load returns the value read (the engine chooses it)
 * with the read as its dependency, and sets *ev to the event index.
 * sem_store returns the event index. Both stop the run (sem_error, or a
 * dead path) when the address is not a location: check sem_stopped().
 * rmw_read is the event index of the read of an atomic pair, or -1.
 * A location holds values of its declared type (herd7's default: int):
 * sem_store converts v to it, and sem_load returns a value of that type;
 * the instruction then widens it to the register as it does (sem_extend)
 * and narrows what it stores to its access size. */
sem_reg sem_load(sem_run *r, sem_val addr, sem_taint addr_dep,
                 sem_tags tags, int *ev);
/* The values the next sem_load may return where the semantics drop the
 * run (SEM_DEAD) right after reading any other, nothing done between:
 * test(r, v, arg) true for those (arg lives until that load). The
 * engine chooses among them alone, the same runs going on. */
typedef bool (*sem_val_test)(sem_run *r, sem_val v, const void *arg);
void sem_load_only(sem_run *r, sem_val_test test, const void *arg);
int sem_store(sem_run *r, sem_val addr, sem_taint addr_dep, sem_val v,
              sem_taint data_dep, sem_tags tags, int rmw_read);
/* The same with pick dependencies of the address (and of the value
 * stored): reads the access depends on only through a pick. */
sem_reg sem_load_pick(sem_run *r, sem_val addr, sem_taint addr_dep,
                      sem_taint addr_pick, sem_tags tags, int *ev);
int sem_store_pick(sem_run *r, sem_val addr, sem_taint addr_dep,
                   sem_taint addr_pick, sem_val v, sem_taint data_dep,
                   sem_taint data_pick, sem_tags tags, int rmw_read);
/* Hold a reservation (lwarx, lr, ldrex) on address a (its value and
 * the reads it depends on), taken by read event ev. */
void sem_reserve(sem_run *r, sem_reg a, int ev);
/* Whether a store-conditional at address a may succeed: the thread holds
 * a reservation there, or holds none and a is 0 (herd7 keeps the
 * reserved address in a register that starts as 0 and a
 * store-conditional sets back to 0: one at 0 succeeds with no load
 * reserved before it, a write at 0 that refuses the test). For the
 * semantics whose herd7 does so; another keeps a flag of its own. */
bool sem_reservation_held(const sem_run *r, sem_val a);
/* Make write event ev (sem_store's index) a source of dependencies, as a
 * read is: the taint of a register whose value comes from it (an
 * `sc`'s result register, which herd7 7.58 and its manual make a
 * source of addr, data and ctrl). 0 with the run stopped past the bound. */
sem_taint sem_source(sem_run *r, int ev);
/* The reads made so far in the current step (sem_run.step) by statements
 * [first, last]. */
sem_taint sem_step_reads(sem_run *r, int first, int last);
/* The run's last write before event ev to ev's location with a tag of
 * among (C: a lock's, plain writes of a lock word cut no critical
 * section): its index, -1 when there is none; sem_prior_write_tags
 * gives its tags (0 for none). */
int sem_prior_write(sem_run *r, int ev, sem_tags among);
sem_tags sem_prior_write_tags(sem_run *r, int ev, sem_tags among);
void sem_fence(sem_run *r, sem_tags tags);
/* ... the fence of a fully ordered RMW whose call is statements
 * [first, last] (sem_event.call_first). */
void sem_fence_call(sem_run *r, sem_tags tags, int first, int last);
/* Set write event ev aside from co (sem_event.aside: C's spin_unlock
 * with no lock before it, which lock.cat leaves out of co but an RU
 * reads), or make read event ev an aside read. */
void sem_set_aside(sem_run *r, int ev);
/* Event ev reads (a read) or chains (a write) write event w of its run
 * too (sem_event.also); w < 0: nothing. */
void sem_read_also(sem_run *r, int ev, int w);
/* The reads write event ev's value is made of (sem_event.vdata). */
void sem_set_vdata(sem_run *r, int ev, sem_taint v, bool op);
/* ... and those the Loop test takes it to be made of (sem_event.vloop). */
void sem_set_vloop(sem_run *r, int ev, sem_taint v);
/* Write event ev stores register slot's value: it is made of the reads
 * slot's is, a copy or an operation's result as slot's is (nothing where
 * the architecture keeps no value sources, or ev < 0). */
void sem_set_vdata_of(sem_run *r, int ev, int slot);
/* sem_event.vherd of write ev: read number b's variable. */
void sem_set_vherd(sem_run *r, int ev, int b);
/* ... of write ev storing an operation: its operand copying read number
 * own is read number b's variable (sem_event.vherd_of). */
void sem_set_vherd_of(sem_run *r, int ev, int own, int b);
/* Event ev waits for reads t of its step (sem_event.iico). */
void sem_set_iico(sem_run *r, int ev, sem_taint t);
void sem_set_nodep(sem_run *r, int ev);
void sem_set_wait(sem_run *r, int ev, int first, int last);
/* ... and those of its operand, an operation (sem_event.vinner). */
void sem_set_vinner(sem_run *r, int ev, sem_taint v);
/* ... and the vnode id of that operand (sem_event.inode). */
void sem_set_inode(sem_run *r, int ev, int id);
/* Write ev is an RMW's `read + a local holding 0` (sem_event.vcopy). */
void sem_set_vcopy(sem_run *r, int ev);
/* Write ev copies its one read as read (sem_event.vraw). */
void sem_set_vraw(sem_run *r, int ev);
/* ... whose variable herd7's register phase puts deeper (sem_event.vdeep). */
void sem_set_vdeep(sem_run *r, int ev);
/* ... whose value is zero copy id's S1 (sem_event.vzero). */
void sem_set_vzero(sem_run *r, int ev, int id);
/* Read event ev, an RMW's, took the way where it equals v, made of
 * reads t (a cmpxchg's or CAS's success: its expected value); herd7
 * solves a thin-air cycle through that location from the equation, so
 * the location's value set gets v. With symbolic values (C) the path
 * pass (model/paths.c seed_forced_values) adds it when the path's
 * branches did not test t; otherwise every run adds it, as a write of
 * no thread's: the RMW's own thread may read it too (from a write made of
 * its own, a `lock decq` of the 2 a cmpxchg expecting 1 writes). */
void sem_expect(sem_run *r, int ev, sem_val v, sem_taint t);
/* The same for the run's reads in `reads` (a value an equation gives
 * them: a branch on a copied read). */
void sem_expect_reads(sem_run *r, sem_taint reads, sem_val v);
/* The size of access ev, in bytes (sem_event.bytes): herd7 7.58 refuses
 * an execution that accesses one location with two sizes
 * (model/mixed_size.c). */
void sem_set_bytes(sem_run *r, int ev, int bytes);
/* The name of location symbol sym (a value's sem_val.sym), for messages. */
const char *sem_sym_name(sem_run *r, int sym);
/* herd7 7.58's difference of two addresses (its generic values, every
 * architecture's): not a distance but which comes first, -1, 0 or 1, by
 * their names (compared byte by byte, `x1` before `x10` before `x9`),
 * then their offsets: `b - a` is 1, `a - b` -1 whatever their offsets,
 * `(a + 5) - a` 1 (doc/lkmm.md "Addresses as values"). */
sem_val sem_address_order(sem_run *r, sem_val a, sem_val b);
/* a op b as herd7 7.58's values compute it (op one of + - ^ | & <, the
 * same for every architecture): unsolved if one is (sem_illegal_op);
 * numbers as 64-bit ones; an address (a location symbol) moved by + and
 * -, two addresses compared by - (sem_address_order), x ^ x 0, x | 0 and
 * 0 | x x, x < 0 0 and 0 < x 1; false for the rest, which herd7 refuses
 * ("Illegal operation & on constants x and 0", `x | 1` an assertion). */
bool sem_herd_arith(sem_run *r, char op, sem_val a, sem_val b, sem_val *out);
/* An operation op (`+`) of a and b, one an address, that herd7 7.58
 * refuses (`Illegal operation + on constants x and x`), on constants or
 * values read alike. herd7 meets it in its solver, leaves the value
 * unsolved and goes on: the test is refused only if a candidate of
 * that path passes the model (lock.cat's checks too). The run goes on
 * (true: the caller takes sem_unsolved() for the value), marked
 * (mdl_run.illegal), and the search refuses the test only for such a
 * candidate; false: the run stops (an exploring run, where that path is
 * not seen). t: the reads a and b are made of (mdl_run.illegal_t). */
bool sem_illegal_op(sem_run *r, const char *op, sem_val a, sem_val b,
                    sem_taint t);
/* The same, *out then herd7's unsolved value (sem_unsolved), as an
 * instruction set's semantics take it; b NULL for an operation of one
 * operand (`mask32 on x`, herd7's cut of an address to a narrower
 * register or access). */
bool sem_illegal_value(sem_run *r, const char *op, sem_val a,
                       const sem_val *b, sem_taint t, sem_val *out);
/* A spin_lock that finds its lock taken: herd7's lock events carry no
 * value and lock.cat rejects the wait, but herd7 refuses a path that
 * stores at address 0 before its model (`Non-symbolic memory access
 * found on '[0]'`, a lock taken twice before or after the store, in
 * its thread or another). The run goes on, marked (mdl_run.waits): no
 * execution, kept for such a refusal alone. false when no such run is
 * kept (paths.c, all_rounds): the run may stop there, as dead, if what
 * it goes on to do is the same whatever the lock read. */
bool sem_lock_wait(sem_run *r);
/* What sem_lock_wait would return, the wait not noted. */
bool sem_lock_waits_kept(const sem_run *r);
/* A failed trylock or spin_is_locked that read another value than its
 * way needs: herd7's lock events carry no value, and its Loop test,
 * before the model, takes the way whatever was read. True on the pass
 * that probes for Loop (the run then serves that test alone), where the
 * run goes on; false elsewhere, where it stops. */
bool sem_lock_unvalued(sem_run *r);
/* What sem_lock_unvalued would return, the run not marked. */
bool sem_lock_unvalued_may(const sem_run *r);
/* A fence about one location (C's SRCU operations on their srcu_struct):
 * in the model's loc relation, never an access; val (or NULL) is its
 * value, as herd7 gives an SRCU operation the index it returns or takes. */
void sem_fence_at(sem_run *r, sem_val addr, sem_taint addr_dep,
                  sem_tags tags, const sem_val *val);
/* The statement a label of the running thread names (a relative `.+8`
 * counted from the running instruction), or -1. */
int sem_label_stmt(sem_run *r, const char *label);
/* A label of the running thread as a value, as herd7 has it: the symbol
 * `label:"P0:L0"`, which a final state shows so; and back, the statement
 * such a value names in the running thread, -2 for a label of another
 * thread (a jump there ends the thread, as in herd7), or -1. */
sem_val sem_code_label(sem_run *r, const char *label);
/* The label of statement stmt of the thread, or NULL. */
const char *sem_stmt_label(sem_run *r, int stmt);
int sem_code_stmt(sem_run *r, sem_val v);
/* A conditional branch whose outcome depends on `cond`: a B event; every
 * later memory event gets a ctrl dependency on cond. */
void sem_branch(sem_run *r, sem_taint cond);
/* ... and a pick-ctrl dependency on cond_pick. */
void sem_branch_pick(sem_run *r, sem_taint cond, sem_taint cond_pick);
/* True once the run has failed or died: exec should return SEM_ERROR. */
bool sem_stopped(const sem_run *r);
/* Choose one of n alternatives (the engine explores each). */
int sem_choose(sem_run *r, int n);
/* Whether a value made of reads `t` (herd7: not known yet) takes every
 * way: true in the path pass (model/paths.c zero_paths_refuse), where
 * reads take one value and a branch or check on t goes each way. */
bool sem_free(const sem_run *r, sem_taint t);
/* A branch of the code on a condition made of reads t, the values read
 * taking it way: way, but each way in the path pass (sem_free), as
 * herd7 builds every path whatever values lead there. */
bool sem_path_way(sem_run *r, sem_taint t, bool way);
/* The way of a branch on a value made of reads t whose way the value
 * read gives (way): that one, but in the pass of runs on an illegal
 * path (paths.c free_runs), where each way is taken, the other one
 * marked (mdl_run.forced_t): herd7 keeps a candidate that carries a
 * failure with that branch's equation unsolved, its value a cycle's. */
bool sem_free_branch(sem_run *r, sem_taint t, bool way);
/* As sem_error, for an instruction herd7 stops on when it builds a path
 * that reaches it, whatever values lead there (an assertion of its
 * semantics): a path of the path pass (sem_free) that reaches it refuses
 * the test too (paths.c zero_paths_refuse); one always jumped over does
 * not. */
void sem_refuse_on_path(sem_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Reject the test: printf-style message, reported at the instruction. */
void sem_error(sem_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Value helpers. */
static inline sem_val sem_int(int64_t n)
{
    sem_val v = {n, -1};
    return v;
}
bool sem_val_eq(sem_val a, sem_val b);
/* The value of an illegal operation (sem_illegal_op), which herd7 leaves
 * unsolved: C's operations on it give it again and a branch on it goes
 * both ways, as herd7's on an unsolved variable (a number else, 0). It
 * is an undetermined value (MDL_SYM_UNDETERMINED: equal to no number in
 * a filter) whose number no variable of a cycle of copies has: those
 * (S0, S1, ..., symbolic.c) are no illegal operation's. */
#define SEM_SYM_UNSOLVED (-2)
#define SEM_NUM_UNSOLVED INT64_MIN
static inline sem_val sem_unsolved(void)
{
    sem_val v = {SEM_NUM_UNSOLVED, SEM_SYM_UNSOLVED};
    return v;
}
static inline bool sem_is_unsolved(sem_val v)
{
    return v.sym == SEM_SYM_UNSOLVED && v.num == SEM_NUM_UNSOLVED;
}
/* The low `bytes` bytes of v (1, 2, 4 or 8), sign- or zero-extended to 64
 * bits; an address is left as it is. */
sem_val sem_extend(sem_val v, int bytes, bool sign);
/* a op b for + - ^ | & * /; false when undefined (symbolic operands other
 * than address +/- integer and x-x, x^x; division by zero). */
bool sem_arith(char op, sem_val a, sem_val b, sem_val *out);

#endif
