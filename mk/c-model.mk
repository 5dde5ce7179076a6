# c-model.mk — `make bench-c` (part of `make bench`): the model's time on
# the lock- and RCU-heavy C tests of litmus/c/ (mk/c-model-bench.sh).
.PHONY: bench-c
bench: bench-c
bench-c: $(PROGRAM)
	@sh mk/c-model-bench.sh $(abspath $(PROGRAM))
