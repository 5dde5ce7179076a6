/* hr_arch_riscv.h — the harness's counter and pause on 64-bit RISC-V
 * machines, and the kernel primitives' header for C tests; it applies
 * only when the compiler builds for one. Included through hr_machines.h.
 * User space may be refused rdtime (the kernel decides): HR_TICKS_PROBE
 * 1. */
#if defined(__riscv) && __riscv_xlen == 64
/* deliberate likeness: one counter read per machine (inline asm). */
static inline uint64_t hr_ticks(void)
{
    uint64_t v;
    __asm__ __volatile__("rdtime %0" : "=r"(v));
    return v;
}
static inline void hr_pause(void) {}
#define HR_TICKS_NAME "rdtime"
#define HR_TICKS_PROBE 1
#define HR_KP_FILE "hr_kp_riscv.h"
#endif
