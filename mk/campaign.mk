# campaign.mk — `make campaign`: the library's x86 tests through model,
# this machine's hardware and compare; reports in reports/x86/.
.PHONY: campaign
campaign: bin/litmuslab
	bin/litmuslab campaign litmus/x86 -o reports/x86

# `make bench-campaign` (part of `make bench`): `make campaign` timed from
# a clean clone, as the README quotes it.
.PHONY: bench-campaign
bench: bench-campaign
bench-campaign:
	@sh mk/campaign-bench.sh
