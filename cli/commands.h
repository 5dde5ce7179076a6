/* commands.h — the subcommands of bin/litmuslab. Each lives in
 * cli/cmd_<name>.c, reads its options there and makes one call into its
 * stage (model/, hwrun/, compare/, campaign/, gen/): the front door sits
 * above the rooms. Each receives argv from the subcommand name on. Exit
 * status: 0 ok, 1 the check failed (compare, campaign: a forbidden
 * outcome was seen), 2 bad input or usage. */
#ifndef LITMUSLAB_CLI_COMMANDS_H
#define LITMUSLAB_CLI_COMMANDS_H

int cmd_parse(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_hwrun(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_campaign(int argc, char **argv);
int cmd_gen(int argc, char **argv);

#endif
