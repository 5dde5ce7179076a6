/* campaign_limits.h — the campaign's limits, in one place as Lua's
 * llimits.h (lib's are include/litmuslab/limits.h). */
#ifndef LITMUSLAB_CAMPAIGN_LIMITS_H
#define LITMUSLAB_CAMPAIGN_LIMITS_H

/* The summary: rows listed per class before "... and N more"; states
 * explained after compare. */
#define CP_MAX_LIST 25
#define CP_MAX_EXPLAINED 200
/* The relaxations table: groups (rows) and statuses (columns). */
#define CP_MAX_GROUPS 64
#define CP_MAX_STATUS 16

#endif
