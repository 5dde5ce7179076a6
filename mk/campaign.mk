# campaign.mk — `make campaign`: the library's x86 tests through model,
# this machine's hardware and compare; reports in reports/x86/. Also the
# fleet's job script built into the binary (below).
.PHONY: campaign
# $(PROGRAM), not bin/litmuslab: under `make check-asan` the README's
# check runs `make -n campaign` with BUILD=build/asan, where only the
# sanitizer binary has a rule
campaign: $(PROGRAM)
	$(PROGRAM) campaign litmus/x86 -o reports/x86

# `make bench-campaign` (part of `make bench`): `make campaign` timed from
# a clean clone, as the README quotes it.
.PHONY: bench-campaign
bench: bench-campaign
bench-campaign:
	@sh mk/campaign-bench.sh

# The fleet's job script (campaign/fleet_job.sh), built into bin/litmuslab
# as text: `campaign --hosts` and `--slurm` write it next to the shards.
CAMPAIGN_FLEET_EMBED := $(BUILD)/gen/campaign_fleet.c
EXTRA_SRCS += $(CAMPAIGN_FLEET_EMBED)

$(CAMPAIGN_FLEET_EMBED): campaign/fleet_job.sh scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh campaign/campaign.h cp_file cp_fleet_files campaign/fleet_job.sh > $@.tmp && mv $@.tmp $@
