	int r0 = READ_ONCE(*x);
	WRITE_ONCE(*y, r0 + 1);
	smp_mb();
	r0 = *x;
