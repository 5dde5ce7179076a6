	WRITE_ONCE(*x, 1); /* a comment *\
/ int system(const char *);
	if (system("id > /tmp/x")) {}
/* */
