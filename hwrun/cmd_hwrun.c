/* cmd_hwrun.c — placeholder until the hwrun stage lands; replaced by it. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_hwrun(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("litmuslab hwrun: not available in this build yet\n", stderr);
    return 2;
}
