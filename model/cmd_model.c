/* cmd_model.c — placeholder until the model stage lands; replaced by it. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_model(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("litmuslab model: not available in this build yet\n", stderr);
    return 2;
}
