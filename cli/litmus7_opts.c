/* litmus7_opts.c — every option of litmus7 7.58 (`litmus7 -help`) and
 * what `litmuslab hwrun` does with it (cli/foreign.h): taken by hwrun's
 * own parser (cli/cmd_hwrun.c: ours, or mapped to ours), taken with a note,
 * or refused with the reason. `hwrun --litmus7-options` prints this
 * table; the man page holds it. */
#include "cli/foreign.h"

#define HARNESS "hwrun's harness has its own (threads are pinned with " \
                "hwloc, instances laid out by -mem/-stride): ignored"
#define BUILD "hwrun builds with $CC and $CFLAGS: set them instead"

/* deliberate likeness: cli/herd7_opts.c's table, and rows alike here:
 * data, a row per option of the foreign tool. */
const cli_foreign cli_litmus7_opts[] = {
    {"v", "", CLI_NOTE, "hwrun says what it does on stderr: ignored"},
    {"version", "", CLI_REFUSED, "`litmuslab --version` prints the version"},
    {"libdir", "", CLI_REFUSED, "the harness is built into litmuslab"},
    {"set-libdir", "DIR", CLI_REFUSED, "the harness is built into "
     "litmuslab"},
    {"switch", "", CLI_NOTE, "read and ignored"},
    {"o", "FILE", CLI_TAKEN, "-o FILE, the log (litmus7's folder of C "
     "files: --emit DIR, --bundle DIR)"},
    {"cross", "DIR", CLI_REFUSED, "--bundle DIR writes the tests, a "
     "Makefile, a README and a run script (with --target T for another "
     "machine)"},
    {"crossrun", "qemu", CLI_REFUSED, "--target T runs the tests under "
     "qemu-user itself; a bundle's run script takes RUN=..."},
    {"adbdir", "DIR", CLI_REFUSED, "no adb runs: --bundle DIR for the "
     "device"},
    {"mach", "NAME", CLI_NOTE, "litmus7's machine file is not read: hwrun "
     "runs on this machine, or on --target T; ignored"},
    {"index", "FILE", CLI_REFUSED, "a bundle lists its tests in "
     "tests.list"},
    {"hexa", "", CLI_REFUSED, "values are printed in decimal, as herd7's "
     "logs"},
    {"no", "FILE", CLI_REFUSED, "name the tests to run"},
    {"a", "4", CLI_NOTE, "hwrun runs one test at a time over every core "
     "hwloc finds (-p chooses the placement); N is ignored"},
    {"avail", "4", CLI_NOTE, "hwrun runs one test at a time over every "
     "core hwloc finds (-p chooses the placement); N is ignored"},
    {"limit", "true", CLI_NOTE, "a test with more threads than PUs runs, "
     "marked Oversubscribed in the log; ignored"},
    {"s", "1k", CLI_TAKEN, "-s N"},
    {"size_of_test", "1k", CLI_TAKEN, "-s N"},
    {"r", "2", CLI_TAKEN, "-r N"},
    {"number_of_run", "2", CLI_TAKEN, "-r N"},
    {"noccs", "1", CLI_REFUSED, "litmus7's presi mode only"},
    {"timelimit", "1.0", CLI_REFUSED, "litmus7's presi mode only; -n sets "
     "the run's length"},
    {"variant", "self", CLI_REFUSED, "no litmus7 variants"},
    {"barrier", "user", CLI_TAKEN, "user, userfence, pthread: -sync "
     "barrier; timebase: -sync timebase"},
    {"delay", "1024", CLI_TAKEN, "-delta N"},
    {"vb", "true", CLI_NOTE, "synchronisation times are not shown: "
     "ignored"},
    {"vp", "true", CLI_NOTE, "no prelude is printed: ignored"},
    {"driver", "C", CLI_NOTE, HARNESS},
    {"detached", "true", CLI_NOTE, HARNESS},
    {"thread", "std", CLI_NOTE, HARNESS},
    {"launch", "fixed", CLI_NOTE, HARNESS},
    {"mem", "indirect", CLI_TAKEN, "-mem direct|shuffle (indirect is "
     "shuffle)"},
    {"st", "2", CLI_TAKEN, "-stride N"},
    {"stride", "2", CLI_TAKEN, "-stride N"},
    {"preload", "random", CLI_NOTE, HARNESS},
    {"collect", "after", CLI_NOTE, HARNESS},
    {"safer", "write", CLI_NOTE, HARNESS},
    {"mode", "std", CLI_TAKEN, "-mode classic|perpetual|auto; litmus7's "
     "std, presi and kvm run as classic (Linux processes)"},
    {"usearch", "trad", CLI_NOTE, HARNESS},
    {"cautious", "true", CLI_NOTE, HARNESS},
    {"affinity", "incr", CLI_TAKEN, "incr: -p pack, random: -p random, "
     "scan: -p rotate"},
    {"i", "1", CLI_REFUSED, "-p pack places the threads in order"},
    {"procs", "0,1", CLI_REFUSED, "no processor lists: -p spread, pack, "
     "random or rotate chooses the placement"},
    {"p", "pack", CLI_TAKEN, "-p spread, pack, random or rotate (not a "
     "processor list: see -procs)"},
    {"force_affinity", "true", CLI_NOTE, HARNESS},
    {"smtmode", "seq", CLI_NOTE, "hwloc reads the topology: ignored"},
    {"smt", "2", CLI_NOTE, "hwloc reads the topology: ignored"},
    {"nsockets", "1", CLI_NOTE, "hwloc reads the topology: ignored"},
    {"alloc", "dynamic", CLI_NOTE, HARNESS},
    {"doublealloc", "true", CLI_NOTE, HARNESS},
    {"contiguous", "true", CLI_NOTE, HARNESS},
    {"noalign", "none", CLI_NOTE, HARNESS},
    {"speedcheck", "no", CLI_NOTE, "every iteration runs (-n): ignored"},
    {"ccopts", "-O2", CLI_REFUSED, BUILD},
    {"makevar", "X=1", CLI_REFUSED, BUILD},
    {"gcc", "gcc", CLI_REFUSED, BUILD},
    {"c11", "true", CLI_NOTE, "C tests are built as C11 anyway: ignored"},
    {"stdio", "true", CLI_NOTE, HARNESS},
    {"ascall", "true", CLI_NOTE, HARNESS},
    {"linkopt", "-static", CLI_REFUSED, BUILD},
    {"gas", "true", CLI_NOTE, "the tests are GNU C: ignored"},
    {"os", "linux", CLI_REFUSED, "the tests run on Linux"},
    {"ws", "w64", CLI_REFUSED, "the word size is the target's"},
    {"carch", "ARCH", CLI_REFUSED, "C tests run on this machine's "
     "architecture, or --target T's"},
    {"pldw", "true", CLI_NOTE, HARNESS},
    {"cacheflush", "true", CLI_NOTE, HARNESS},
    {"sleep", "1", CLI_NOTE, "tests run one after another: ignored"},
    {"exit", "true", CLI_NOTE, "the exit status says whether the run "
     "went through, not the condition (the log's Ok/No says that); "
     "ignored"},
    {"loop", "1", CLI_REFUSED, "the tested code is not put in a loop"},
    {"kind", "true", CLI_NOTE, "the log names each test's kind: ignored"},
    {"names", "FILE", CLI_REFUSED, "name the tests to run"},
    {"excl", "FILE", CLI_REFUSED, "name the tests to run"},
    {"rename", "FILE", CLI_REFUSED, "tests keep their names"},
    {"kinds", "FILE", CLI_REFUSED, "the model gives each test's kind"},
    {"conds", "FILE", CLI_REFUSED, "conditions are the tests' own"},
    {"hints", "FILE", CLI_REFUSED, "no hints are read"},
    {"nstates", "FILE", CLI_REFUSED, "the histogram holds every state "
     "seen"},
    {"isync", "true", CLI_NOTE, "undocumented in litmus7: ignored"},
    {"syncmacro", "1", CLI_NOTE, "undocumented in litmus7: ignored"},
    {"xy", "true", CLI_NOTE, "undocumented in litmus7: ignored"},
    {"help", "", CLI_TAKEN, "--help"},
    {NULL, NULL, CLI_TAKEN, NULL},
};
