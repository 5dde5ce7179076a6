/* list.h — the architectures, one line each: LL_ARCH(ID, file). This
 * line is all a new architecture adds to shared files; everything else
 * is its own files, found by the `file` stem:
 *   ll_arch_<file>_names  its test header names, with aliases and reader
 *                         plug-in (lib/arch/<file>.c)
 *   sem_<file>_ops        its semantics for the model (model/sem/<file>.c)
 *   hw_gen_<file>_ops     hwrun's code generator, or why hwrun refuses
 *                         such tests (hwrun/gen/<file>.c)
 * Each table that needs the list (the id enum in litmuslab/arch.h, the
 * registry, the model's and hwrun's tables) defines LL_ARCH, includes
 * this file and undefines it. The order is the ids' and the registry's
 * (lookups by alias take the first line that has it). No include guard:
 * it is included once per table. doc/adding-an-architecture.md. */
LL_ARCH(PPC, ppc)
LL_ARCH(X86, x86)
LL_ARCH(AARCH64, aarch64)
LL_ARCH(ARM, arm)
LL_ARCH(RISCV, riscv)
LL_ARCH(C, c)
LL_ARCH(LISA, lisa)
