	WRITE_ONCE(*x, 1); // ??/
	system("id");
