/* foreign.c — herd7's and litmus7's options that a command does not read
 * itself: the note or the refusal of their table (see foreign.h). */
#include <string.h>

#include "cli/foreign.h"

static const char *const kind_words[] = {"taken", "note", "refused"};

bool cli_foreign_opt(cli_args *p, const char *tool, const cli_foreign *table,
                     bool quiet)
{
    if (!p->opt || p->matched)
        return false;
    for (const cli_foreign *t = table; t->name; t++) {
        if (t->kind == CLI_TAKEN) {
            cli_known(p, t->name);
            continue;
        }
        bool hit = t->sample[0] ? cli_value(p, t->name) != NULL
                                : cli_flag(p, t->name);
        if (!hit) {
            if (p->matched)
                return true;   /* a missing value, said */
            continue;
        }
        if (t->kind == CLI_REFUSED)
            cli_error(p, "%s's -%s is not supported: %s", tool, t->name,
                      t->what);
        else if (!quiet)
            fprintf(stderr, "litmuslab %s: note: %s's -%s: %s\n", p->cmd,
                    tool, t->name, t->what);
        return true;
    }
    return false;
}

void cli_foreign_print(FILE *f, const cli_foreign *table)
{
    for (const cli_foreign *t = table; t->name; t++)
        fprintf(f, "-%s\t%s\t%s\t%s\n", t->name, kind_words[t->kind],
                t->sample[0] ? t->sample : "-", t->what);
}
