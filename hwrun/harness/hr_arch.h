/* hr_arch.h — the harness's only per-machine code: the counter read by the
 * timed start (`-sync timebase`) and the spin-wait hint.
 *
 * Each machine's are in its own header, hr_arch_<file>.h, which applies
 * only when the compiler builds for that machine (its predefined macros:
 * the harness is compiled on the target, so the choice stays with the
 * preprocessor). hr_machines.h, which the build writes from the headers
 * it finds (mk/hwrun.mk), includes them all; a new machine is its new
 * header, with no line here. Each defines hr_ticks and hr_pause,
 * HR_TICKS_NAME, HR_TICKS_PROBE and, where C tests run, HR_KP_FILE (its
 * kernel primitives' header, hr_kp.h includes it).
 *
 * A machine whose /proc/cpuinfo has vendor_id lines defines
 * HR_CPUINFO_VENDOR_ID: elsewhere such lines are a sign of emulation.
 *
 * HR_TICKS_NAME names the counter in the log. HR_TICKS_PROBE is 1 where
 * user space may be refused the counter (it depends on the kernel): the
 * harness then tries one read under a SIGILL handler before trusting
 * it, and falls back to the spin barrier, saying so in the log. */
#ifndef HR_ARCH_H
#define HR_ARCH_H

#include <stdint.h>

#include "hr_machines.h"

#ifndef HR_TICKS_NAME   /* none of ours: always the spin barrier */
static inline uint64_t hr_ticks(void) { return 0; }
static inline void hr_pause(void) {}
#define HR_TICKS_NAME ""
#define HR_TICKS_PROBE 0
#endif

#endif
