/* opts.h — the one option parser of every subcommand. An option is
 * written `-name` or `--name` (herd7 and litmus7 use one dash, GNU tools
 * two: both mean the same), its value as the next argument or after `=`
 * (`--model=tso.cat`), and a one-letter option takes its value attached
 * when it starts with a digit (`-j4`, `-n2M`). `--` ends the options.
 * Counts take k, M, G suffixes (x1000) everywhere. Every mistake is
 * said in one wording that ends by pointing to `litmuslab CMD --help`.
 *
 * A command loops over its arguments:
 *
 *     cli_args p;
 *     cli_init(&p, "model", argc, argv);
 *     while (cli_next(&p)) {
 *         if (!p.opt)                          -> p.arg is an operand
 *         else if (cli_flag(&p, "q|quiet"))    -> a flag
 *         else if ((v = cli_value(&p, "o")))   -> an option with a value
 *         else if (cli_count(&p, "n", &n, 1, 0)) ...
 *         else cli_unknown(&p);
 *     }
 *     if (p.failed) -> exit status 2
 *
 * A name list is names separated by `|`, the first being the one shown. */
#ifndef LITMUSLAB_CLI_OPTS_H
#define LITMUSLAB_CLI_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct cli_args {
    const char *cmd;      /* "model": named in messages */
    int argc;
    char **argv;
    int i;                /* index of the current argument */
    bool opt;             /* the current argument is an option */
    bool done_opts;       /* past `--`: all operands */
    const char *arg;      /* the current argument, as given */
    const char *name;     /* its name without dashes, up to `=` */
    int name_len;
    const char *inline_val; /* after `=`, or NULL */
    bool matched;         /* the current option was taken */
    bool failed;          /* a mistake was reported */
    char near[32];        /* an option one edit away from the current
                             one, seen while matching ("" none): the
                             "did you mean" of an unknown option */
} cli_args;

void cli_init(cli_args *p, const char *cmd, int argc, char **argv);
/* Step to the next argument; false at the end or once a mistake was
 * reported (the rest is not read). */
bool cli_next(cli_args *p);
/* The current option is one of `names` and takes no value. */
bool cli_flag(cli_args *p, const char *names);
/* The current option is one of `names`: its value (the next argument or
 * the one after `=`), or NULL when it is another option. A missing value
 * is reported (and NULL returned). */
const char *cli_value(cli_args *p, const char *names);
/* An option whose value is a count: digits with an optional fraction and
 * a k, M or G suffix, between min and max (max 0: no limit). */
bool cli_count(cli_args *p, const char *names, uint64_t *out, uint64_t min,
               uint64_t max);
/* An option whose value is seconds (a number >= 0, fraction allowed). */
bool cli_seconds(cli_args *p, const char *names, double *out);
/* Names a command takes by other means than the calls above (hwrun's
 * options passed on to the test binary): known to "did you mean". */
void cli_known(cli_args *p, const char *names);
/* The current option matches nothing: report it, with the known option
 * one edit away if there is one (`--modle`: did you mean `--model`?). */
void cli_unknown(cli_args *p);
/* A mistake about the current option, with the pointer to --help. */
void cli_error(cli_args *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Parse a count as cli_count does; false when it is not one. */
bool cli_parse_count(const char *s, uint64_t *out);
/* A --help item whose text is made at run time (the architectures'
 * names, from their own files): head ("  --arch A        ", or ""), then
 * text wrapped at 72 columns, each further line indented by indent
 * spaces. */
void cli_help_item(FILE *f, const char *head, int indent, const char *text);

#endif
