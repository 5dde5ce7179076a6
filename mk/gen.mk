# gen.mk — the generator's checks in `make conformance`: every corpus
# cycle (Orig=) through `gen` gives a test with the corpus test's verdict
# and number of final states (mk/gen-conformance.sh), and the C family of
# litmus/gen/c-lkmm.conf agrees with herd7 -conf linux-kernel.cfg
# (mk/gen-herd.sh; HERD7=PATH, by default ../shared/tools/herdtools7's).
HERD7_GEN ?= $(if $(HERD7),$(HERD7),$(wildcard ../shared/tools/herdtools7/herd7))

.PHONY: conformance-gen
conformance: conformance-gen
conformance-gen: $(PROGRAM)
	@CORPUS=$(abspath $(CORPUS)) sh mk/gen-conformance.sh $(abspath $(PROGRAM)); \
	  s=$$?; [ $$s = 0 ] || [ $$s = 77 ] || exit $$s
	@if [ -n "$(HERD7_GEN)" ]; then sh mk/gen-herd.sh $(abspath $(PROGRAM)) \
	    $(abspath $(HERD7_GEN)) litmus/gen/c-lkmm.conf; \
	  else echo "gen vs herd7: skipped (HERD7=PATH names herdtools7's herd7)"; fi
