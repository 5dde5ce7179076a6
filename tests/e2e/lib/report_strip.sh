# report_strip.sh — sourced by the e2e scripts that compare two campaigns'
# reports of the same tests run on hardware (fleet_ssh, fleet_slurm):
# report_strip DIR prints DIR/tests.csv and DIR/outcomes.csv without what
# varies from run to run: the counts, and whether a state or a condition
# the model allows was seen (luck, at a few thousand iterations under
# load). A state the model forbids keeps its class: it must never be seen.
report_strip() {
  sed -E 's/,[0-9]+,[0-9]+,([^,]*)$/,\1/
          s/,Ok,(Ok|No),(agree|allowed-unseen)$/,Ok,allowed/' "$1/tests.csv"
  sed -E 's/,[0-9]+,("[^"]*"|[^,]*),([^,]*)$/,\1,\2/
          s/,yes,("[^"]*"|[^,]*),allowed-(seen|unseen)$/,yes,allowed/' \
      "$1/outcomes.csv"
}
