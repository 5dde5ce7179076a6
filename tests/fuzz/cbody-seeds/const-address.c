	int r0;
	spin_lock( r0 + 1)
	;
