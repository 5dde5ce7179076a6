/* hr_arch_x86.h — the harness's counter and pause on x86 machines (and,
 * on x86-64, the kernel primitives' header for C tests); it applies only
 * when the compiler builds for one. Included through hr_machines.h. */
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t hr_ticks(void) { return __rdtsc(); }
static inline void hr_pause(void) { _mm_pause(); }
#define HR_TICKS_NAME "rdtsc"
#define HR_TICKS_PROBE 0
/* its /proc/cpuinfo has vendor_id lines (elsewhere they are a host's,
   seen under qemu-user: hr_cpu.c) */
#define HR_CPUINFO_VENDOR_ID 1
#if defined(__x86_64__)
#define HR_KP_FILE "hr_kp_x86.h"
#endif
#endif
