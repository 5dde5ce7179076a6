	int r0 = xchg(x, 2) + xchg_relaxed(x, 3) + xchg_acquire(y, 4) + xchg_release(y, 5);
	r0 += cmpxchg(x, 5, 6) + cmpxchg_relaxed(y, 0, 9) + cmpxchg_acquire(x, 6, 7);
	r0 += cmpxchg_release(u, 7, 8);
