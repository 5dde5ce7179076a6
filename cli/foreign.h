/* foreign.h — herd7's and litmus7's options, each with what litmuslab
 * does with it: taken (the command's own parser reads it), taken with a
 * note (read, ignored or mapped, and a one-line note says so), or
 * refused saying why. One table per tool (cli/herd7_opts.c,
 * cli/litmus7_opts.c); `model --herd7-options` and `hwrun
 * --litmus7-options` print them, the man page holds them, and
 * tests/e2e/foreign_options.sh runs each one. */
#ifndef LITMUSLAB_CLI_FOREIGN_H
#define LITMUSLAB_CLI_FOREIGN_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/opts.h"

typedef enum cli_fkind {
    CLI_TAKEN,      /* the command's parser reads it */
    CLI_NOTE,       /* read, and a note says what became of it */
    CLI_REFUSED,    /* exit 2, saying why */
} cli_fkind;

typedef struct cli_foreign {
    const char *name;     /* without its dash */
    const char *sample;   /* a value it takes, "" for a flag (the tests
                             run each option with it; DIR, FILE stand for
                             a folder, a file they make) */
    cli_fkind kind;
    const char *what;     /* taken: ours; note: the note; refused: why */
} cli_foreign;

/* The current option, when table[] has it as a note or a refusal: its
 * value read, then the note on stderr (`litmuslab model: note: herd7's
 * -graph: ...`; none when quiet) or the refusal (`litmus7's -cross is
 * not supported: ...`, p->failed). false for options the table does not
 * have, or has as taken (the command's parser reads those first). */
bool cli_foreign_opt(cli_args *p, const char *tool, const cli_foreign *table,
                     bool quiet);
/* The table, a line per option: `-NAME<TAB>KIND<TAB>SAMPLE<TAB>WHAT`,
 * KIND taken, note or refused, SAMPLE `-` for a flag. */
void cli_foreign_print(FILE *f, const cli_foreign *table);

extern const cli_foreign cli_herd7_opts[];     /* cli/herd7_opts.c */
extern const cli_foreign cli_litmus7_opts[];   /* cli/litmus7_opts.c */

#endif
