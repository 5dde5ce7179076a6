/* cmd_compare.c — placeholder until the compare stage lands; replaced by it. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_compare(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("litmuslab compare: not available in this build yet\n", stderr);
    return 2;
}
