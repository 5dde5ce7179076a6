# readme.mk — `make readme-figures`: the counts README.md quotes (tests,
# the test library), computed from the tree, and each sentence quoting
# one checked against them (scripts/readme-figures.sh; exit 1 on a stale
# one). tests/e2e/readme_figures.sh runs the check in `make test`.
.PHONY: readme-figures
readme-figures:
	@sh scripts/readme-figures.sh --check
