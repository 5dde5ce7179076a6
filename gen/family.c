/* family.c — placeholder */
#include "gen/gen.h"
bool gen_family(const gen_arch *a, const gen_family_opts *o,
                const char *dir, FILE *msg, char *err, size_t errlen)
{
    (void)a; (void)o; (void)dir; (void)msg;
    snprintf(err, errlen, "families are not written yet");
    return false;
}
