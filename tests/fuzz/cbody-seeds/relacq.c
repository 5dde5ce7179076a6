	int r0;
	smp_store_release(x, 1);
	r0 = smp_load_acquire(y);
	smp_store_mb(*x, 2);
	smp_rmb();
	smp_wmb();
