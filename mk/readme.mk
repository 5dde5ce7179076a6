# readme.mk — `make readme-figures`: the counts README.md and the pages of
# doc/ quote (tests, the test library), computed from the tree, and each
# sentence quoting one, on whatever page, checked against them
# (scripts/readme-figures.sh; exit 1 on a stale one).
# tests/e2e/readme_figures.sh runs the check in `make test`, and
# tests/e2e/readme_tour.sh runs the commands README shows.
.PHONY: readme-figures
readme-figures:
	@sh scripts/readme-figures.sh --check
