/* cmd_campaign.c — placeholder until the campaign stage lands; replaced by it. */
#include <stdio.h>

#include "cli/commands.h"

int cmd_campaign(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("litmuslab campaign: not available in this build yet\n", stderr);
    return 2;
}
