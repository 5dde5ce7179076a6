/* herd7_opts.c — every option of herd7 7.58 (`herd7 -help`) and what
 * `litmuslab model` does with it (cli/foreign.h): taken by model's own
 * parser (cli/cmd_model.c), taken with a note, or refused with the reason.
 * `model --herd7-options` prints this table; the man page holds it. */
#include "cli/foreign.h"

#define PICTURE "a picture option: read and ignored (our graphs have " \
                "their own layout)"
#define IGNORED "read and ignored: it changes no result here"

/* deliberate likeness: cli/litmus7_opts.c's table, and rows alike here:
 * data, a row per option of the foreign tool. */
const cli_foreign cli_herd7_opts[] = {
    {"version", "", CLI_REFUSED, "`litmuslab --version` prints the version"},
    {"libdir", "", CLI_REFUSED, "the models are built in; `litmuslab "
     "model --models` lists them"},
    {"set-libdir", "DIR", CLI_TAKEN, "--cat-path DIR"},
    {"v", "", CLI_NOTE, "no more diagnostics to show: ignored"},
    {"q", "", CLI_NOTE, "diagnostics are quiet already: ignored"},
    {"I", "DIR", CLI_TAKEN, "--cat-path DIR"},
    {"exit", "true", CLI_NOTE, "every failure already sets the exit status"},
    {"timeout", "10", CLI_TAKEN, "--timeout S"},
    {"conf", "FILE", CLI_TAKEN, "--conf FILE"},
    {"bell", "FILE", CLI_TAKEN, "--bell FILE"},
    {"macros", "FILE", CLI_TAKEN, "--macros FILE.def"},
    {"o", "DIR", CLI_TAKEN, "a folder with one TEST.dot per test, the "
     "executions -show picks (with --explain: that execution's DOT file)"},
    {"suffix", "X", CLI_TAKEN, "-o DIR's files are TEST<suffix>.dot"},
    {"dumpes", "true", CLI_REFUSED, "event structures are not dumped; "
     "--show-all DIR draws the executions"},
    {"view", "gv", CLI_NOTE, "no viewer is started: open the files -o DIR "
     "or --show-all DIR writes"},
    {"gv", "", CLI_NOTE, "no viewer is started: open the files -o DIR or "
     "--show-all DIR writes"},
    {"evince", "", CLI_NOTE, "no viewer is started: open the files -o DIR "
     "or --show-all DIR writes"},
    {"preview", "", CLI_NOTE, "no viewer is started: open the files -o DIR "
     "or --show-all DIR writes"},
    {"unroll", "2", CLI_REFUSED, "loops are unrolled a fixed number of "
     "times (a run going round more is said on stderr)"},
    {"hexa", "true", CLI_REFUSED, "values are printed in decimal, as "
     "herd7's default"},
    {"switch", "", CLI_NOTE, IGNORED},
    {"web", "", CLI_REFUSED, "web.cfg is herd7's web front end's"},
    {"c11", "", CLI_NOTE, "a C test using C11 atomics gets rc11.cat by "
     "itself: ignored"},
    {"debug", "solver", CLI_NOTE, "herd7's debug traces: ignored"},
    {"morefences", "true", CLI_NOTE, "does nothing in herd7 either: ignored"},
    {"model", "x86tso.cat", CLI_TAKEN, "--model M (NAME: NAME.cat)"},
    {"cat", "x86tso.cat", CLI_TAKEN, "--model M"},
    {"through", "all", CLI_REFUSED, "no execution a check rejects is let "
     "through; --explain STATE shows them with the check that rejects "
     "each"},
    {"throughflag", "x", CLI_REFUSED, "no execution a check rejects is let "
     "through; --explain STATE shows them"},
    {"skipcheck", "x", CLI_REFUSED, "every check of the model applies; "
     "--explain STATE says which one rejects an execution"},
    {"skipchecks", "x", CLI_REFUSED, "every check of the model applies; "
     "--explain STATE says which one rejects an execution"},
    {"strictskip", "true", CLI_REFUSED, "checks are not skipped (see "
     "-skipcheck)"},
    {"cycles", "x", CLI_REFUSED, "--explain STATE shows each failing "
     "check's cycle"},
    {"variant", "mixed", CLI_TAKEN, "--variant V,..."},
    {"machsize", "quad", CLI_REFUSED, "the access sizes are the test's"},
    {"endian", "little", CLI_REFUSED, "the model is little-endian"},
    {"archcheck", "true", CLI_REFUSED, "the test's and the model's "
     "architectures are always checked"},
    {"optace", "true", CLI_NOTE, "candidates are our search's: ignored"},
    {"initwrites", "true", CLI_REFUSED, "for debugging herd7's models; "
     "initial writes are events here"},
    {"show", "prop", CLI_TAKEN, "-show (for -o DIR and --show-all DIR)"},
    {"showflag", "x", CLI_NOTE, "executions are not picked by flag: "
     "ignored"},
    {"speedcheck", "true", CLI_NOTE, "every final state is listed: "
     "ignored"},
    {"nshow", "1", CLI_TAKEN, "-nshow N"},
    {"badexecs", "true", CLI_REFUSED, "no execution is marked bad"},
    {"badflag", "x", CLI_REFUSED, "no execution is marked bad"},
    {"checkfilter", "true", CLI_REFUSED, "the filter always applies, as "
     "herd7's default"},
    {"showone", "true", CLI_TAKEN, "-nshow 1"},
    {"maxphantom", "1", CLI_REFUSED, "no phantom updates here"},
    {"statelessrc11", "true", CLI_REFUSED, "rc11.cat runs as a cat model"},
    {"dumpallfaults", "", CLI_REFUSED, "faults are not modelled"},
    {"graph", "cluster", CLI_NOTE, PICTURE},
    {"dotmode", "plain", CLI_NOTE, PICTURE},
    {"dotcom", "dot", CLI_NOTE, PICTURE},
    {"showevents", "all", CLI_NOTE, PICTURE},
    {"mono", "true", CLI_NOTE, PICTURE},
    {"scale", "1.0", CLI_NOTE, PICTURE},
    {"xscale", "1.0", CLI_NOTE, PICTURE},
    {"yscale", "1.0", CLI_NOTE, PICTURE},
    {"dsiy", "0.3", CLI_NOTE, PICTURE},
    {"siwidth", "0.8", CLI_NOTE, PICTURE},
    {"ptscale", "3.0", CLI_NOTE, PICTURE},
    {"boxscale", "3.0", CLI_NOTE, PICTURE},
    {"showthread", "true", CLI_NOTE, PICTURE},
    {"shift", "0.5", CLI_NOTE, PICTURE},
    {"edgemerge", "true", CLI_NOTE, PICTURE},
    {"labelinit", "true", CLI_NOTE, PICTURE},
    {"showlegend", "true", CLI_NOTE, PICTURE},
    {"showkind", "true", CLI_NOTE, PICTURE},
    {"shortlegend", "true", CLI_NOTE, PICTURE},
    {"squished", "true", CLI_NOTE, PICTURE},
    {"fixedsize", "true", CLI_NOTE, PICTURE},
    {"extrachars", "0.0", CLI_NOTE, PICTURE},
    {"showobserved", "true", CLI_NOTE, PICTURE},
    {"brackets", "true", CLI_NOTE, PICTURE},
    {"texmacros", "true", CLI_NOTE, PICTURE},
    {"tikz", "true", CLI_NOTE, PICTURE},
    {"showpo", "true", CLI_NOTE, PICTURE},
    {"showinitrf", "true", CLI_NOTE, PICTURE},
    {"showfinalrf", "true", CLI_NOTE, PICTURE},
    {"initrfpos", "0,0", CLI_NOTE, PICTURE},
    {"finalrfpos", "0,0", CLI_NOTE, PICTURE},
    {"oneinit", "true", CLI_NOTE, PICTURE},
    {"initpos", "0,0", CLI_NOTE, PICTURE},
    {"showinitwrites", "true", CLI_NOTE, PICTURE},
    {"threadposy", "0.6", CLI_NOTE, PICTURE},
    {"doshow", "ppo", CLI_TAKEN, "-doshow R,..."},
    {"unshow", "po", CLI_TAKEN, "-unshow R,..."},
    {"symetric", "x", CLI_NOTE, PICTURE},
    {"noid", "x", CLI_NOTE, PICTURE},
    {"classes", "x", CLI_NOTE, PICTURE},
    {"showraw", "x", CLI_NOTE, PICTURE},
    {"splines", "true", CLI_NOTE, PICTURE},
    {"margin", "0.1", CLI_NOTE, PICTURE},
    {"pad", "0.1", CLI_NOTE, PICTURE},
    {"sep", "x", CLI_NOTE, PICTURE},
    {"fontname", "x", CLI_NOTE, PICTURE},
    {"fontsize", "10", CLI_NOTE, PICTURE},
    {"edgefontsizedelta", "0", CLI_NOTE, PICTURE},
    {"penwidth", "1.0", CLI_NOTE, PICTURE},
    {"arrowsize", "1.0", CLI_NOTE, PICTURE},
    {"edgeattr", "po,color,red", CLI_NOTE, PICTURE},
    {"names", "FILE", CLI_REFUSED, "name the tests to run (@LIST reads "
     "a list of paths)"},
    {"excl", "FILE", CLI_REFUSED, "name the tests to run (@LIST reads a "
     "list of paths)"},
    {"rename", "FILE", CLI_REFUSED, "tests keep their names"},
    {"kinds", "FILE", CLI_REFUSED, "make fidelity-check compares with "
     "herd7's kinds files"},
    {"conds", "FILE", CLI_REFUSED, "conditions are the tests' own"},
    {"candidates", "true", CLI_REFUSED, "the log has no candidate count"},
    {"restrict", "none", CLI_REFUSED, "every final state is listed"},
    {"outcomereads", "true", CLI_REFUSED, "final states are the tests' "
     "locations and registers"},
    {"overlap", "x", CLI_NOTE, PICTURE},
    {"relabel", "true", CLI_NOTE, PICTURE},
    {"withbox", "true", CLI_NOTE, PICTURE},
    {"labelbox", "true", CLI_NOTE, PICTURE},
    {"movelabel", "true", CLI_NOTE, PICTURE},
    {"dotheader", "FILE", CLI_NOTE, PICTURE},
    {"help", "", CLI_TAKEN, "--help"},
    {NULL, NULL, CLI_TAKEN, NULL},
};
