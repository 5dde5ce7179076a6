# fidelity-asm.mk — `make fidelity-diff-asm HERD7=PATH`: random small
# tests for each assembly architecture (mk/fidelity-gen.awk), our model
# against herd7 under the same cat file: our built-in models, and herd7's
# own files through our interpreter (mk/fidelity-diff-asm.sh; FIDELITY_N
# tests per architecture and round, FIDELITY_SEED, FIDELITY_ROUNDS,
# FIDELITY_ARCHS, FIDELITY_JOBS=2 for both cores, FIDELITY_KEEP,
# FIDELITY_HERD_TIMEOUT, FIDELITY_EVERY=1 for a pass under a model of
# every coherent candidate too). `make fidelity-diff` runs it with the
# other differential runs (fidelity-diff-c, mk/model.mk).
.PHONY: fidelity-diff fidelity-diff-asm
fidelity-diff: fidelity-diff-asm
fidelity-diff-asm: $(PROGRAM)
	@test -n "$(HERD7)" || { echo "make fidelity-diff-asm HERD7=PATH (herd7 7.58)"; exit 2; }
	@sh mk/fidelity-diff-asm.sh $(abspath $(PROGRAM)) $(abspath $(HERD7)) \
	  $(abspath $(HERDLIB))
