# bundle.mk — `make bench-bundle` (part of `make bench`): a bundle of the
# whole Power campaign of ../shared/corpus (8141 tests) made for ppc64le,
# then built here with the cross compiler and `make -j` as the board would
# build it (mk/bundle-bench.sh). Skips without the corpus or the compiler.
.PHONY: bench-bundle
bench: bench-bundle
bench-bundle: $(PROGRAM)
	@sh mk/bundle-bench.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS))
