# install.mk — `make install` (PREFIX, default /usr/local; DESTDIR for
# staging): the binary, the cat models it finds from its own place
# (PREFIX/share/litmuslab/cats, see model/driver.c), the man page and the
# bash completion. The hwrun harness is built into the binary already, so
# an installed litmuslab needs nothing from the source tree.
.DEFAULT_GOAL := all
PREFIX ?= /usr/local
# The version: VERSION, plus the commit when built from a git checkout.
LL_VERSION := $(shell cat VERSION 2>/dev/null)$(shell git describe --always --dirty 2>/dev/null | sed 's/^/+g/')
EXTRA_CFLAGS += -DLL_VERSION='"$(LL_VERSION)"'

# INSTALL_BIN installs a binary built elsewhere (the tests pass theirs)
# instead of building $(PROGRAM).
INSTALL_BIN ?=
.PHONY: install uninstall
install: $(if $(INSTALL_BIN),,$(PROGRAM))
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/litmuslab/cats \
	  $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(or $(INSTALL_BIN),$(PROGRAM)) $(DESTDIR)$(PREFIX)/bin/litmuslab
	install -m 644 $(wildcard model/cats/*.cat model/cats/*.bell model/cats/*.def) \
	  $(DESTDIR)$(PREFIX)/share/litmuslab/cats/
	install -m 644 doc/litmuslab.1 $(DESTDIR)$(PREFIX)/share/man/man1/litmuslab.1
	install -m 644 scripts/litmuslab.bash-completion \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/litmuslab

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/litmuslab \
	  $(DESTDIR)$(PREFIX)/share/man/man1/litmuslab.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/litmuslab
	rm -rf $(DESTDIR)$(PREFIX)/share/litmuslab
