/* state_tab.c — the final states found, stored small: each place's
 * values are numbered as they are met (a dictionary per place) and a
 * state is a row of those numbers, 1, 2 or 4 bytes each as the largest
 * dictionary needs. A chain of 19 RCU threads has half a million
 * states of 19 places of two values each: 19 bytes a state, where a
 * row of sem_val in its own block took 336. */
#include "model/engine.h"

#include <stdlib.h>
#include <string.h>

enum { PLACE_SCAN = 16 };           /* dictionaries looked up by a scan */

static uint64_t val_hash(sem_val v)
{
    uint64_t h = ((uint64_t)v.num * 0x9e3779b97f4a7c15ull) ^
                 (uint64_t)(uint32_t)v.sym;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

static void place_rehash(mdl_place_vals *p)
{
    int size = p->hash_size ? p->hash_size * 2 : 64;
    free(p->hash);
    p->hash = ll_xmalloc((size_t)size * sizeof *p->hash);
    for (int i = 0; i < size; i++)
        p->hash[i] = -1;
    p->hash_size = size;
    for (int c = 0; c < p->n; c++) {
        int i = (int)(val_hash(p->v[c]) & (uint64_t)(size - 1));
        while (p->hash[i] >= 0)
            i = (i + 1) & (size - 1);
        p->hash[i] = c;
    }
}

/* v's number in place p, added when new. */
static uint32_t place_code(mdl_place_vals *p, sem_val v)
{
    if (p->n <= PLACE_SCAN) {
        for (int c = 0; c < p->n; c++)
            if (sem_val_eq(p->v[c], v))
                return (uint32_t)c;
    } else {
        if (!p->hash || 2 * (p->n + 1) > p->hash_size)
            place_rehash(p);
        int i = (int)(val_hash(v) & (uint64_t)(p->hash_size - 1));
        while (p->hash[i] >= 0) {
            if (sem_val_eq(p->v[p->hash[i]], v))
                return (uint32_t)p->hash[i];
            i = (i + 1) & (p->hash_size - 1);
        }
    }
    ll_grow((void **)&p->v, &p->cap, p->n + 1, sizeof *p->v);
    p->v[p->n] = v;
    if (p->hash) {
        if (2 * (p->n + 1) > p->hash_size) {
            p->n++;
            place_rehash(p);
            return (uint32_t)(p->n - 1);
        }
        int i = (int)(val_hash(v) & (uint64_t)(p->hash_size - 1));
        while (p->hash[i] >= 0)
            i = (i + 1) & (p->hash_size - 1);
        p->hash[i] = p->n;
    }
    return (uint32_t)p->n++;
}

uint32_t mdl_tab_code(const mdl_state_tab *t, int n_obs, int state, int k)
{
    const unsigned char *r = t->codes + ((size_t)state * (size_t)n_obs +
                                         (size_t)k) * (size_t)t->width;
    switch (t->width) {
    case 1:
        return r[0];
    case 2: {
        uint16_t c;
        memcpy(&c, r, sizeof c);
        return c;
    }
    default: {
        uint32_t c;
        memcpy(&c, r, sizeof c);
        return c;
    }
    }
}

static void put_code(unsigned char *r, int width, uint32_t c)
{
    if (width == 1) {
        r[0] = (unsigned char)c;
    } else if (width == 2) {
        uint16_t h = (uint16_t)c;
        memcpy(r, &h, sizeof h);
    } else {
        memcpy(r, &c, sizeof c);
    }
}

sem_val mdl_tab_val(const mdl_test *m, int state, int k)
{
    const mdl_state_tab *t = &m->tab;
    return t->place[k].v[mdl_tab_code(t, m->n_obs, state, k)];
}

/* Every stored row rewritten with codes of `width` bytes. */
static void widen(mdl_test *m, int width)
{
    mdl_state_tab *t = &m->tab;
    size_t cells = (size_t)m->n_states * (size_t)m->n_obs;
    unsigned char *codes = ll_xmalloc(cells * (size_t)width + 1);
    for (size_t i = 0; i < cells; i++)
        put_code(codes + i * (size_t)width, width,
                 mdl_tab_code(t, m->n_obs, (int)(i / (size_t)m->n_obs),
                              (int)(i % (size_t)m->n_obs)));
    free(t->codes);
    t->codes = codes;
    t->cap = cells * (size_t)width + 1;
    t->width = width;
}

static uint64_t row_hash(const uint32_t *row, int n)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ row[i]) * 1099511628211ull;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 33);
}

static uint64_t stored_hash(const mdl_test *m, int state)
{
    uint32_t *row = m->tab.row;
    for (int k = 0; k < m->n_obs; k++)
        row[k] = mdl_tab_code(&m->tab, m->n_obs, state, k);
    return row_hash(row, m->n_obs);
}

static void rehash(mdl_test *m)
{
    int size = m->hash_size ? m->hash_size * 2 : 64;
    free(m->state_hash);
    m->state_hash = ll_xmalloc((size_t)size * sizeof(int));
    for (int i = 0; i < size; i++)
        m->state_hash[i] = -1;
    m->hash_size = size;
    for (int k = 0; k < m->n_states; k++) {
        int i = (int)(stored_hash(m, k) & (uint64_t)(size - 1));
        while (m->state_hash[i] >= 0)
            i = (i + 1) & (size - 1);
        m->state_hash[i] = k;
    }
}

static bool row_eq(const mdl_test *m, int state, const uint32_t *row)
{
    for (int k = 0; k < m->n_obs; k++)
        if (mdl_tab_code(&m->tab, m->n_obs, state, k) != row[k])
            return false;
    return true;
}

int mdl_tab_find(mdl_test *m, const sem_val *vals, bool *added)
{
    mdl_state_tab *t = &m->tab;
    int n = m->n_obs;
    if (!t->place) {
        t->place = ll_xcalloc((size_t)n + 1, sizeof *t->place);
        t->row = ll_xcalloc((size_t)n + 1, sizeof *t->row);
        t->width = 1;
    }
    /* the row first, then the table sized: a rehash reads t->row */
    uint32_t most = 0;
    for (int k = 0; k < n; k++) {
        t->row[k] = place_code(&t->place[k], vals[k]);
        if (t->row[k] > most)
            most = t->row[k];
    }
    uint64_t h = row_hash(t->row, n);
    if (2 * (m->n_states + 1) > m->hash_size) {
        uint32_t *keep = ll_xmalloc(((size_t)n + 1) * sizeof *keep);
        memcpy(keep, t->row, (size_t)n * sizeof *keep);
        rehash(m);
        memcpy(t->row, keep, (size_t)n * sizeof *keep);
        free(keep);
    }
    int i = (int)(h & (uint64_t)(m->hash_size - 1));
    while (m->state_hash[i] >= 0) {
        int k = m->state_hash[i];
        if (row_eq(m, k, t->row)) {
            *added = false;
            return k;
        }
        i = (i + 1) & (m->hash_size - 1);
    }
    if (most > 0xffff && t->width < 4)
        widen(m, 4);
    else if (most > 0xff && t->width < 2)
        widen(m, 2);
    size_t w = (size_t)t->width, need = ((size_t)m->n_states + 1) *
                                        (size_t)n * w + 1;
    if (need > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < need)
            cap *= 2;
        t->codes = ll_xrealloc(t->codes, cap);
        t->cap = cap;
    }
    unsigned char *r = t->codes + (size_t)m->n_states * (size_t)n * w;
    for (int k = 0; k < n; k++)
        put_code(r + (size_t)k * w, t->width, t->row[k]);
    ll_grow((void **)&m->states, &m->cap_states, m->n_states + 1,
            sizeof *m->states);
    m->state_hash[i] = m->n_states;
    *added = true;
    return m->n_states++;
}

void mdl_tab_free(mdl_test *m)
{
    mdl_state_tab *t = &m->tab;
    for (int k = 0; t->place && k < m->n_obs; k++) {
        free(t->place[k].v);
        free(t->place[k].hash);
    }
    free(t->place);
    free(t->row);
    free(t->codes);
    ll_state_clear(&t->scratch);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

/* The scratch state's bindings made once, with each place's binding. */
static void scratch_make(const mdl_test *m, mdl_state_tab *t,
                         const sem_val *vals)
{
    mdl_state_to_ll(m, vals, m->n_obs, &t->scratch);
    t->slot = ll_xcalloc((size_t)m->n_obs + 1, sizeof *t->slot);
    for (int k = 0; k < m->n_obs; k++)
        for (int i = 0; i < t->scratch.n; i++)
            if (ll_loc_cmp(&t->scratch.b[i].loc, &m->obs[k].loc) == 0)
                t->slot[k] = i;
    t->scratch_made = true;
}

const ll_state *mdl_tab_scratch(mdl_test *m, const sem_val *vals)
{
    mdl_state_tab *t = &m->tab;
    if (!t->scratch_made) {
        scratch_make(m, t, vals);
        return &t->scratch;
    }
    /* as mdl_state_to_ll: place by place, a later place of the same
       location replacing an earlier one */
    for (int k = 0; k < m->n_obs; k++) {
        ll_value *b = &t->scratch.b[t->slot[k]].value;
        ll_value v;
        mdl_value_to_ll(m, mdl_obs_value(&m->obs[k], vals[k]), &v);
        free(b->sym);
        if (!v.is_sym) {
            free(v.sym);
            v.sym = NULL;
        }
        v.text = NULL;
        *b = v;
    }
    return &t->scratch;
}
