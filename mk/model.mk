# model.mk — the model stage's extra rules: `make conformance` compares the
# model with herd7 on both corpora, `make bench-model` times it on them.
# (Included before the Makefile's first rule, so keep `all` the default.)
.DEFAULT_GOAL := all
EXTRA_CFLAGS += -DLL_MODEL_CATS_DIR='"$(abspath model/cats)"'

# The cat and bell files, built into bin/litmuslab as text (cat_builtin_files).
MODEL_CATS := $(sort $(wildcard model/cats/*.cat model/cats/*.bell))
MODEL_CATS_EMBED := $(BUILD)/gen/model_cats.c
EXTRA_SRCS += $(MODEL_CATS_EMBED)
$(MODEL_CATS_EMBED): $(MODEL_CATS) scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh model/cat/cat.h cat_text_file cat_builtin_files $(MODEL_CATS) > $@.tmp && mv $@.tmp $@

.PHONY: conformance bench-model
# With HERD7=PATH (herdtools7's herd7), also our litmus/ folders under the
# built-in models and under herd7's own files, against herd7 itself.
HERDLIB ?= $(dir $(HERD7))share/herd
conformance: $(PROGRAM)
	@CORPUS=$(abspath $(CORPUS)) $(if $(HERD7),HERDLIB=$(abspath $(HERDLIB))) \
	  sh mk/model-conformance.sh $(abspath $(PROGRAM))
	@if [ -n "$(HERD7)" ]; then sh mk/model-herdfiles.sh $(abspath $(PROGRAM)) \
	    $(abspath $(HERDLIB)) $(abspath $(HERD7)); fi

bench-model: $(PROGRAM)
	@CORPUS=$(abspath $(CORPUS)) sh mk/model-bench.sh $(abspath $(PROGRAM))
	@$(if $(HERD7),HERD7=$(abspath $(HERD7))) sh mk/model-scale-bench.sh \
	  $(abspath $(PROGRAM))

# The large set alone (mk/scale-gen.sh's families, mk/model-scale-bench.sh):
# our time per test beside herd7's when HERD7=PATH is given.
.PHONY: bench-model-large
bench-model-large: $(PROGRAM)
	@$(if $(HERD7),HERD7=$(abspath $(HERD7))) sh mk/model-scale-bench.sh \
	  $(abspath $(PROGRAM))

# `make fidelity-check HERDTOOLS7=DIR`: our AArch64/ARM/RISC-V (any) answers
# against herd7's catalogue kinds.txt verdicts and regression .expected
# outputs found under DIR (mk/model-fidelity.sh).
.PHONY: fidelity-check
fidelity-check: $(PROGRAM)
	@test -n "$(HERDTOOLS7)" || { echo "make fidelity-check HERDTOOLS7=DIR (herd7 reference files)"; exit 2; }
	@sh mk/model-fidelity.sh $(abspath $(PROGRAM)) $(abspath $(HERDTOOLS7))

# `make fidelity-diff HERD7=PATH`: differential runs against herd7 on
# random tests; `fidelity-diff-c` makes kernel-style C tests
# (tests/fidelity/gen_c.c) and compares every output with herd7 -conf
# linux-kernel.cfg (mk/fidelity-diff-c.sh; FIDELITY_N, FIDELITY_SEED,
# FIDELITY_BATCH, FIDELITY_TIMEOUT, FIDELITY_JOBS=2 for both cores,
# FIDELITY_LARGE, FIDELITY_KEEP; doc/fidelity.md "The random
# generators"); `fidelity-diff-lisa` makes LISA
# tests (tests/fidelity/gen_lisa.c) and compares them with herd7 run on
# linux-kernel.cat with a bell the script writes in a temporary folder.
FIDELITY_GEN_C := $(BUILD)/tools/gen_c
FIDELITY_GEN_LISA := $(BUILD)/tools/gen_lisa
$(BUILD)/tools/gen_%: tests/fidelity/gen_%.c tests/fidelity/gen_main.h
	@mkdir -p $(@D)
	$(CC) -std=c17 -Wall -Wextra -Werror -O2 -o $@ $<
.PHONY: fidelity-diff fidelity-diff-c fidelity-diff-lisa
fidelity-diff: fidelity-diff-c fidelity-diff-lisa
fidelity-diff-c: $(PROGRAM) $(FIDELITY_GEN_C)
	@test -n "$(HERD7)" || { echo "make fidelity-diff-c HERD7=PATH (herd7 7.58, or its wrapper script)"; exit 2; }
	@sh mk/fidelity-diff-c.sh $(abspath $(PROGRAM)) $(abspath $(FIDELITY_GEN_C)) $(HERD7)
fidelity-diff-lisa: $(PROGRAM) $(FIDELITY_GEN_LISA)
	@test -n "$(HERD7)" || { echo "make fidelity-diff-lisa HERD7=PATH (herd7 7.58)"; exit 2; }
	@sh mk/fidelity-diff-c.sh $(abspath $(PROGRAM)) $(abspath $(FIDELITY_GEN_LISA)) $(HERD7) lisa
