	int r0 = 0, r1 = 1;
	while (!READ_ONCE(*x))
		r1++;
	if (r0 && r1 || !r0)
		r0 = r1 ? r1 << 3 : r1 >> 2;
	else {
		r0 = (r1 / 3) % 2 - -r1;
		r0 ^= ~r1 & 7 | 1;
	}
	r0 = r0 == 1 != (r1 < 2) + (r1 <= 2) + (r1 > 2) + (r1 >= 2);
	r0 = (int)(long)*x;
	(void)r0--;
