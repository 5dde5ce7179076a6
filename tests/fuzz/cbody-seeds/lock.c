	int r0;
	spin_lock(s);
	r0 = READ_ONCE(*x);
	WRITE_ONCE(*x, r0 + 1);
	spin_unlock(s);
	smp_mb__after_spinlock();
	r0 = spin_trylock(s) + spin_is_locked(s);
	smp_mb__after_unlock_lock();
