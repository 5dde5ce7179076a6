/* verdict.h — what a test's final states mean, written once: the
 * quantifier, the verdict (Ok/No) a quantified condition gets from the
 * states that satisfy its proposition and those that do not, the witness
 * counts (herd7 and litmus7 swap them for ~exists) and the Observation
 * word (Never/Sometimes/Always, never swapped).
 *
 * Header-only (static inline, C and <stdint.h> alone) so that the hwrun
 * harness, compiled apart into each test's program from the sources
 * embedded in bin/litmuslab (hwrun/embed.h, mk/hwrun.mk), includes it too:
 * there it is "verdict.h", beside the harness's files. */
#ifndef LITMUSLAB_VERDICT_H
#define LITMUSLAB_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

/* The generated tests write the quantifier as its number (harness.h's
 * hr_test.quant): the order is part of that contract. */
typedef enum ll_quant {
    LL_EXISTS,
    LL_NOT_EXISTS,
    LL_FORALL,
} ll_quant;

typedef enum ll_verdict {
    LL_VERDICT_NONE,     /* no verdict line */
    LL_VERDICT_OK,
    LL_VERDICT_NO,
    LL_VERDICT_UNKNOWN,  /* `??` */
    LL_VERDICT_UNDEF,    /* `Undef` */
} ll_verdict;

/* Does the quantified condition hold, given how many states (or
 * executions) satisfy its proposition (yes) and how many do not (no)? */
static inline bool ll_quant_holds(ll_quant q, uint64_t yes, uint64_t no)
{
    switch (q) {
    case LL_EXISTS:
        return yes > 0;
    case LL_NOT_EXISTS:
        return yes == 0;
    case LL_FORALL:
        return no == 0;
    }
    return false;
}

static inline ll_verdict ll_verdict_of(ll_quant q, uint64_t yes, uint64_t no)
{
    return ll_quant_holds(q, yes, no) ? LL_VERDICT_OK : LL_VERDICT_NO;
}

/* The verdict one state that settles the condition gives: Ok for exists
 * (one satisfying state), No for ~exists (one satisfying state) and forall
 * (one that does not satisfy). It is the looser of the two verdicts: the
 * one that admits more outcomes. */
static inline ll_verdict ll_verdict_settled(ll_quant q)
{
    return q == LL_EXISTS ? LL_VERDICT_OK : LL_VERDICT_NO;
}

/* Does a state where the proposition is `holds` settle the condition
 * alone (herd7's `-show wit`: the witnesses of exists and ~exists, the
 * counter-examples of forall)? These are also the states litmus7 marks
 * `*>` in its histogram (it reads forall P as ~exists ~P). */
static inline bool ll_quant_settles(ll_quant q, bool holds)
{
    return q == LL_FORALL ? !holds : holds;
}

/* Is a state counted Positive on the Witnesses line (herd7's `-show
 * cond`)? The states that make the quantified condition true: for
 * ~exists, those where the proposition is false. */
static inline bool ll_quant_positive(ll_quant q, bool holds)
{
    return q == LL_NOT_EXISTS ? !holds : holds;
}

/* The Witnesses line's counts from yes/no as above (swapped for ~exists;
 * the Observation line keeps yes/no as they are). */
static inline void ll_witnesses(ll_quant q, uint64_t yes, uint64_t no,
                                uint64_t *positive, uint64_t *negative)
{
    bool swap = q == LL_NOT_EXISTS;
    *positive = swap ? no : yes;
    *negative = swap ? yes : no;
}

/* The Observation line's word. */
static inline const char *ll_observation_word(uint64_t yes, uint64_t no)
{
    return !yes ? "Never" : !no ? "Always" : "Sometimes";
}

/* `Ok`, `No`, `??`, `Undef`; "" for LL_VERDICT_NONE. */
static inline const char *ll_verdict_word(ll_verdict v)
{
    switch (v) {
    case LL_VERDICT_OK:
        return "Ok";
    case LL_VERDICT_NO:
        return "No";
    case LL_VERDICT_UNKNOWN:
        return "??";
    case LL_VERDICT_UNDEF:
        return "Undef";
    case LL_VERDICT_NONE:
        break;
    }
    return "";
}

#endif
