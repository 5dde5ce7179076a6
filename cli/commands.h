/* commands.h — the subcommands of bin/litmuslab. Each is implemented in its
 * stage's folder (model/cmd_model.c, ...) and receives argv from the
 * subcommand name on. Exit status: 0 ok, 1 the check failed (compare,
 * campaign: a forbidden outcome was seen), 2 bad input or usage. */
#ifndef LITMUSLAB_CLI_COMMANDS_H
#define LITMUSLAB_CLI_COMMANDS_H

int cmd_parse(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_hwrun(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_campaign(int argc, char **argv);
int cmd_gen(int argc, char **argv);

#endif
