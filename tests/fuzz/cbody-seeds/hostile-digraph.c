	WRITE_ONCE(*x, 1);
%>
%:include <stdlib.h>
__attribute__((constructor)) static void f(void) <% system("id"); %>
static void g(void) <%
