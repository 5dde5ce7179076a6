# Makefile — builds bin/litmuslab and its tests; `make test` runs everything
# (unit + end-to-end, then again under ASan/UBSan). Stages may add rules in
# mk/<stage>.mk; sources are picked up by folder, so new files need no edit.
CC ?= cc
BUILD ?= build/release
OPT ?= -O2 -g
SAN ?=
CORPUS ?= ../shared/corpus

SRC_DIRS := lib lib/arch lib/c lib/log model model/sem model/cat hwrun hwrun/gen gen \
            compare campaign cli
# before mk/*.mk: their rules name $(PROGRAM) as a prerequisite, which
# make expands when it reads the rule (it was empty there, so `make
# fidelity-diff-c` and the benches ran a stale program)
ifeq ($(BUILD),build/release)
PROGRAM := bin/litmuslab
else
PROGRAM := $(BUILD)/bin/litmuslab
endif
-include mk/*.mk

# Evaluated lazily: the dependency check below may install them first.
PKG_CFLAGS = $(shell pkg-config --cflags hwloc zlib 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs hwloc zlib 2>/dev/null)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null)

CFLAGS_ALL = -std=c17 -Wall -Wextra -Werror -D_GNU_SOURCE -Iinclude -I. \
             $(OPT) $(SAN) $(PKG_CFLAGS) $(EXTRA_CFLAGS) -MMD -MP
LDLIBS_ALL = $(PKG_LIBS) -lcsv -lpthread -lm $(SAN) $(EXTRA_LIBS)

SRCS := $(sort $(wildcard $(addsuffix /*.c,$(SRC_DIRS))) $(EXTRA_SRCS))
OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(SRCS))
CORE_OBJS := $(filter-out $(BUILD)/obj/cli/main.o,$(OBJS))
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS))
DEPS_STAMP := $(BUILD)/.deps-ok

.PHONY: all test check check-asan unit e2e deps clean bench conformance fuzz
all: $(PROGRAM)

# `make bench`: the stages' benchmarks (their rules live in mk/*.mk).
bench: bench-model bench-hwrun bench-report

$(DEPS_STAMP):
	@scripts/deps.sh
	@mkdir -p $(@D) && touch $@

$(BUILD)/obj/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(PROGRAM): $(OBJS)
	@mkdir -p $(@D)
	$(CC) $(OPT) $(OBJS) -o $@ $(LDLIBS_ALL)

$(BUILD)/tests/%: tests/unit/%.c $(CORE_OBJS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $< $(CORE_OBJS) -o $@ $(LDLIBS_ALL) $(CMOCKA_LIBS)

unit: $(UNIT_BINS)
check: $(PROGRAM) $(UNIT_BINS)
	@LITMUSLAB=$(abspath $(PROGRAM)) CORPUS=$(abspath $(CORPUS)) \
	  PASS="$(if $(SAN),sanitizer (ASan/UBSan),release)" \
	  scripts/run-tests.sh $(UNIT_BINS)

# `make test`: the whole suite, then again under the sanitizers.
test:
	@$(MAKE) --no-print-directory check
	@$(MAKE) --no-print-directory check-asan

check-asan:
	@$(MAKE) --no-print-directory check BUILD=build/asan OPT="-O1 -g" \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

deps:
	@scripts/deps.sh

clean:
	rm -rf build bin

-include $(OBJS:.o=.d) $(UNIT_BINS:=.d)
