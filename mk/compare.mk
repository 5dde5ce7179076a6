# compare.mk — `make bench-report` (the Power corpus's report.html built,
# then opened in headless Chromium: seconds until its script has drawn the
# page), `make report-screenshot` (reports/report.png, the picture in
# the README, from the x86 library campaign's report) and `make
# bench-compare` (compare on one test with 2 million hardware states).
.DEFAULT_GOAL := all

.PHONY: bench-report report-screenshot bench-compare
bench-report: $(PROGRAM)
	@CORPUS=$(abspath $(CORPUS)) sh mk/report-bench.sh $(abspath $(PROGRAM))

report-screenshot: $(PROGRAM)
	@test -f reports/x86/report.html || $(MAKE) --no-print-directory campaign
	@CHROMIUM_SHOT=reports/report.png sh mk/report-bench.sh --shot reports/x86/report.html

bench: bench-compare
bench-compare: $(PROGRAM)
	@sh mk/compare-bench.sh $(abspath $(PROGRAM))
