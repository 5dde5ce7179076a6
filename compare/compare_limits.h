/* compare_limits.h — compare's limits, in one place as Lua's llimits.h
 * (lib's are include/litmuslab/limits.h). */
#ifndef LITMUSLAB_COMPARE_LIMITS_H
#define LITMUSLAB_COMPARE_LIMITS_H

/* Hardware machines (--hw logs by their names) one report holds. */
#define CMP_MAX_MACHINES 64
/* Problems reported per input file before the rest are only counted. */
#define CMP_MAX_SHOWN 20

#endif
