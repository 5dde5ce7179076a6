	int r0 = atomic_load_explicit(x, memory_order_acquire);
	int e = 1;
	atomic_store_explicit(x, 1, memory_order_release);
	r0 += atomic_exchange_explicit(x, 2, memory_order_acq_rel);
	r0 += atomic_fetch_add_explicit(y, 4, memory_order_relaxed);
	r0 += atomic_compare_exchange_strong_explicit(x, &e, 3, memory_order_seq_cst, memory_order_relaxed);
	r0 += atomic_compare_exchange_weak(x, &e, 2);
	atomic_thread_fence(memory_order_seq_cst);
	r0 += atomic_load(u) + atomic_fetch_xor_explicit(c, 1, memory_order_relaxed);
