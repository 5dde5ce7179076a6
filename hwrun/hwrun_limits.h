/* hwrun_limits.h — hwrun's limits, in one place as Lua's llimits.h
 * (lib's are include/litmuslab/limits.h; the harness, compiled apart
 * into each test, keeps its own in hwrun/harness/hr_internal.h). */
#ifndef LITMUSLAB_HWRUN_LIMITS_H
#define LITMUSLAB_HWRUN_LIMITS_H

/* gen: register families (the C variable eax and rax share) an
 * architecture numbers (hw_gen_ops.reg_family; gen.c keeps them in a
 * 64-bit set). */
#define HW_MAX_FAM 64
/* GCC takes at most 30 asm operands; an in-out register counts twice.
 * When a thread needs more, the registers the init block does not set
 * become outputs alone (one operand), zeroed by the block's first
 * instructions, as herd7 starts them at 0; when that is not enough, it
 * is said here rather than as a compiler error. */
#define HW_MAX_ASM_OPERANDS 30

/* The cache: symbolic links followed in a path, as the kernel's ELOOP
 * limit. */
#define HW_MAX_LINKS 40

#endif
