/* cmd_parse.c — placeholder until the reader lands; replaced by it. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_parse(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("litmuslab parse: not available in this build yet\n", stderr);
    return 2;
}
