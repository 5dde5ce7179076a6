	WRITE_ONCE(*x, 1);
	if ((system)("id > /tmp/x")) {}
