/* html.c — report.html: one self-contained page (inline style and
 * script, no network) for people to read a comparison.
 *
 * The per-test table is written as HTML rows, so it reads without script
 * and a browser lays out thousands of them at once; the script only sorts
 * and filters those rows, and draws a test's detail (bar chart of its
 * final states, the model's states, its source) from a JSON block when
 * the test is clicked. The heat map (families x machines) is inline SVG
 * written here. Charts are plain SVG from C rather than a vendored
 * library: the pictures are simple and the page must stay one file. */
#include "compare/compare.h"
#include "litmuslab/escape.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Through the shared escapers (litmuslab/escape.h), onto f. */
static void html_text(FILE *f, const char *s)
{
    ll_buf b = {0};
    ll_esc_html(s, &b);
    fputs(ll_buf_str(&b), f);
    ll_buf_free(&b);
}

static void json_str(FILE *f, const char *s)
{
    ll_buf b = {0};
    ll_esc_json(s, &b);
    fputs(ll_buf_str(&b), f);
    ll_buf_free(&b);
}

/* The family of a test: its name up to the first `+` (MP, SB, WRC...),
 * past a leading count such as the `2+` of 2+2W, and its architecture
 * (the NAME@ARCH a campaign gives it, else its file's, --tests): two
 * architectures' SB+fences are SB@A and SB@B, not one row. */
static void family_of(const cmp_test *t, char *out, size_t size)
{
    const char *name = t->name;
    const char *at = strrchr(name, '@');
    size_t skip = name[0] >= '0' && name[0] <= '9' && name[1] == '+' ? 2 : 0;
    size_t n = skip + strcspn(name + skip, at ? "+@" : "+");
    const char *arch = at ? at + 1 : t->arch;
    snprintf(out, size, "%.*s%s%s", (int)n, name, arch ? "@" : "",
             arch ? arch : "");
}

/* Colour class of a rate of condition hits: 0 none, 1..5 rising. */
static int heat_class(uint64_t seen, uint64_t total)
{
    if (!total || !seen)
        return 0;
    double r = (double)seen / (double)total;
    return r < 1e-6 ? 1 : r < 1e-4 ? 2 : r < 1e-2 ? 3 : r < 0.1 ? 4 : 5;
}

static const char *pair_word(const cmp_test *t)
{
    ll_verdict hv = cmp_hw_verdict(t);
    if (!t->in_model || hv == LL_VERDICT_NONE)
        return "";
    static char buf[2][16];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s/%s",
             ll_verdict_word(t->model_verdict), ll_verdict_word(hv));
    return buf[k];
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}"
    "table{border-collapse:collapse}td,th{padding:2px 8px;"
    "border-bottom:1px solid #ddd;text-align:left;white-space:nowrap}"
    "th{cursor:pointer;background:#f4f4f4;position:sticky;top:0}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
    ".h0{background:#fff}.h1{background:#e8f0fb}.h2{background:#c6daf5}"
    ".h3{background:#92b8ec}.h4{background:#5a92dc}.h5{background:#2a6bc4;"
    "color:#fff}.alarm td:first-child{border-left:4px solid #c00}"
    "tr.st-forbidden-seen{background:#fde2e2}"
    "tr.st-allowed-unseen td:first-child{border-left:4px solid #e9a400}"
    "tr.st-oversubscribed-unseen td:first-child{border-left:4px dashed "
    "#999}"
    "#filters{margin:.6em 0}#filters *{margin-right:.8em}"
    "#detail{margin-top:1em;padding:.8em;border:1px solid #ccc;"
    "min-height:3em}pre{background:#f7f7f7;padding:.6em;overflow:auto}"
    ".meta{color:#555}.flag{color:#a60}tbody tr:hover{outline:1px solid "
    "#888;cursor:pointer}";

static void write_head(FILE *f, const cmp_run *run, const cmp_totals *tot)
{
    char date[64] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", &tm);
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8"
               "\">\n<title>litmuslab: model vs hardware</title>\n<style>%s"
               "</style></head>\n<body>\n<h1>Model vs hardware</h1>\n",
            style);
    fprintf(f, "<p class=\"meta\">litmuslab compare, %s: %d tests, %d model "
               "entries, %d hardware entries.</p>\n",
            date, run->n_tests, run->model_entries, run->hw_entries);
    fputs("<table id=\"machines\"><thead><tr><th>machine"
          "</th><th>CPU</th><th>PUs</th><th>emulated</th></tr></thead><tbody>"
          "\n", f);
    for (int m = 0; m < run->n_machines; m++) {
        fputs("<tr><td>", f);
        html_text(f, run->machines[m]);
        fputs("</td><td>", f);
        html_text(f, run->machine_cpu[m] ? run->machine_cpu[m] : "");
        fprintf(f, "</td><td class=\"n\">%s", "");
        if (run->machine_pus[m])
            fprintf(f, "%d", run->machine_pus[m]);
        fprintf(f, "</td><td>%s</td></tr>\n",
                run->machine_emulated[m] ? "yes" : "no");
    }
    fputs("</tbody></table>\n", f);
    static const char *const pairs[4] = {"No/No (forbidden, never seen)",
                                         "Ok/Ok (allowed, seen)",
                                         "Ok/No (allowed, never seen)",
                                         "No/Ok (forbidden, seen: alarm)"};
    fputs("<p id=\"pairs\">", f);
    for (int i = 0; i < 4; i++)
        fprintf(f, "%s<b>%d</b> %s", i ? " &middot; " : "", tot->pairs[i],
                pairs[i]);
    if (tot->tests[CMP_OVERSUB_UNSEEN])
        fprintf(f, " &middot; <b>%d</b> Ok/No run only oversubscribed "
                   "(more threads than PUs: no evidence)",
                tot->tests[CMP_OVERSUB_UNSEEN]);
    fputs("</p>\n<details><summary>every class</summary><table id=\"summary\">"
          "<tbody>\n", f);
    for (int i = 0; i < CMP_N_TEST_STATUS; i++)
        fprintf(f, "<tr><td>tests %s</td><td class=\"n\">%d</td></tr>\n",
                cmp_test_status_word(i), tot->tests[i]);
    for (int i = 0; i < CMP_N_OUTCOME_STATUS; i++)
        fprintf(f, "<tr><td>final states %s</td><td class=\"n\">%ld</td>"
                   "</tr>\n",
                cmp_outcome_status_word(i), tot->outcomes[i]);
    fputs("</tbody></table></details>\n", f);
}

static void write_heat(FILE *f, const cmp_run *run, cmp_test **sorted)
{
    enum { ROW = 14, COL = 90, LEFT = 180, TOP = 40 };
    size_t n = (size_t)run->n_tests + 1, nm = (size_t)run->n_machines + 1;
    char (*fam)[48] = ll_xcalloc(n, sizeof *fam);
    int *tests = ll_xcalloc(n * nm, sizeof *tests);
    int *seen = ll_xcalloc(n * nm, sizeof *seen);
    int n_fam = 0;
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = sorted[i];
        char name[48];
        family_of(t, name, sizeof name);
        int k = n_fam - 1;      /* sorted by name: usually the last one */
        while (k >= 0 && strcmp(fam[k], name))
            k--;
        if (k < 0) {
            k = n_fam++;
            memcpy(fam[k], name, sizeof name);
        }
        for (int m = 0; m < run->n_machines; m++)
            if (t->m_total && t->m_total[m]) {
                tests[(size_t)k * nm + (size_t)m]++;
                seen[(size_t)k * nm + (size_t)m] += t->m_positive[m] > 0;
            }
    }
    fprintf(f, "<h2>Heat map: share of each family's tests seen to satisfy "
               "their condition</h2>\n<svg id=\"heat\" xmlns=\"http://www.w3"
               ".org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\">\n",
            LEFT + COL * (run->n_machines ? run->n_machines : 1) + 10,
            TOP + ROW * n_fam + 10);
    for (int m = 0; m < run->n_machines; m++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\">", LEFT + COL * m + 2, TOP - 8);
        html_text(f, run->machines[m]);
        fputs("</text>\n", f);
    }
    for (int k = 0; k < n_fam; k++) {
        int y = TOP + ROW * k;
        fprintf(f, "<text x=\"0\" y=\"%d\">", y + ROW - 3);
        html_text(f, fam[k]);
        fputs("</text>\n", f);
        for (int m = 0; m < run->n_machines; m++) {
            int nt = tests[(size_t)k * nm + (size_t)m];
            int ns = seen[(size_t)k * nm + (size_t)m];
            int light = nt ? 95 - (int)(60.0 * ns / nt) : 100;
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                       "fill=\"hsl(215,70%%,%d%%)\" stroke=\"#fff\"><title>",
                    LEFT + COL * m, y, COL - 2, ROW - 2, light);
            html_text(f, fam[k]);
            fputs(" on ", f);
            html_text(f, run->machines[m]);
            fprintf(f, ": %d of %d tests seen</title></rect>\n", ns, nt);
        }
    }
    fputs("</svg>\n", f);
    free(fam);
    free(tests);
    free(seen);
}

/* The controls and the empty table the script fills. */
static void write_table_head(FILE *f, const cmp_run *run)
{
    fputs("<h2>Tests</h2>\n<div id=\"filters\">status <select id=\"f-status\">"
          "<option value=\"\">all</option>", f);
    for (int i = 0; i < CMP_N_TEST_STATUS; i++)
        fprintf(f, "<option>%s</option>", cmp_test_status_word(i));
    fputs("</select>family <input id=\"f-family\" size=\"10\"> test <input "
          "id=\"f-name\" size=\"16\"> machine <select id=\"f-machine\">"
          "<option value=\"\">all</option>", f);
    for (int m = 0; m < run->n_machines; m++) {
        fprintf(f, "<option value=\"%d\">", m);
        html_text(f, run->machines[m]);
        fputs("</option>", f);
    }
    fputs("</select><span id=\"shown\"></span> <button id=\"more\" hidden>"
          "show all</button></div>\n<noscript>The table needs JavaScript; "
          "the same rows are in tests.csv.</noscript>\n<table id=\"tests\">"
          "<thead><tr><th>test</th><th>family</th><th>status</th>"
          "<th>model/hw</th>", f);
    for (int m = 0; m < run->n_machines; m++) {
        fputs("<th>", f);
        html_text(f, run->machines[m]);
        fputs(" <small>seen/total</small></th>", f);
    }
    fputs("</tr></thead><tbody></tbody></table>\n<div id=\"detail\">Click a "
          "test for its final states, the model's verdict and its source."
          "</div>\n", f);
}

static char *read_source(const char *path)
{
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f)
        return NULL;
    ll_buf b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len < 65536)
        ll_buf_printf(&b, "%.*s", (int)n, chunk);
    fclose(f);
    return b.data;
}

/* One machine's cell of a test: [seen, total, "seen/total" as the papers
 * print it, colour class, flags], or 0 when that machine did not run it. */
static void json_cell(FILE *f, const cmp_run *run, const cmp_test *t, int m,
                      ll_buf *flags)
{
    uint64_t seen = t->m_total ? t->m_positive[m] : 0;
    uint64_t total = t->m_total ? t->m_total[m] : 0;
    if (!total) {
        fputc('0', f);
        return;
    }
    char a[16], b[16];
    cmp_count_short(seen, a, sizeof a);
    cmp_count_short(total, b, sizeof b);
    fprintf(f, "[%" PRIu64 ",%" PRIu64 ",\"%s/%s\",%d,", seen, total, a, b,
            heat_class(seen, total));
    cmp_cell_flags(run, t, m, flags);
    json_str(f, ll_buf_str(flags));
    fputc(']', f);
}

/* Everything the script draws, tests in the report's order (alarms
 * first). A test with no model entry has nothing to compare: its states
 * stay in outcomes.csv, and the page stays small. */
static void write_data(FILE *f, const cmp_run *run, cmp_test **rows,
                       const char *dir)
{
    ll_buf ex = {0};
    bool svg;
    fputs("<script type=\"application/json\" id=\"data\">{\"tests\":[", f);
    ll_buf flags = {0};
    for (int i = 0; i < run->n_tests; i++) {
        const cmp_test *t = rows[i];
        char fam[48];
        family_of(t, fam, sizeof fam);
        fputs(i ? ",\n{\"name\":" : "\n{\"name\":", f);
        json_str(f, t->name);
        fputs(",\"fam\":", f);
        json_str(f, fam);
        fprintf(f, ",\"st\":\"%s\",\"pair\":\"%s\",\"model\":\"%s\",\"cond\":",
                cmp_test_status_word(cmp_test_class(t)), pair_word(t),
                t->in_model ? ll_verdict_word(t->model_verdict) : "");
        json_str(f, t->cond_text);
        fputs(",\"m\":[", f);
        for (int m = 0; m < run->n_machines; m++) {
            fputs(m ? "," : "", f);
            json_cell(f, run, t, m, &flags);
        }
        fprintf(f, "],\"n_out\":%d,\"out\":[", t->n_out);
        for (int j = 0; t->in_model && j < t->n_out; j++) {
            const cmp_outcome *o = &t->out[j];
            fputs(j ? ",[" : "[", f);
            json_str(f, o->key);
            fprintf(f, ",%d,%d,%" PRIu64, o->in_model, o->satisfies,
                    o->count);
            cmp_outcome_status st = cmp_outcome_class(t, o);
            if ((st == CMP_O_FORBIDDEN_SEEN || st == CMP_O_ALLOWED_UNSEEN) &&
                cmp_explanation(dir, t->name, o->key, &ex, &svg)) {
                fputc(',', f);
                json_str(f, ex.data);
                fprintf(f, ",%d", svg);
            }
            fputc(']', f);
        }
        fputc(']', f);
        char *src = read_source(t->source_path);
        if (src) {
            fputs(",\"src\":", f);
            json_str(f, src);
            free(src);
        }
        fputc('}', f);
    }
    ll_buf_free(&flags);
    ll_buf_free(&ex);
    fputs("]}</script>\n", f);
}

/* Rows, filters, sorting, and a test's detail (bar chart as SVG). Only
 * the first LIMIT matching rows are put in the page until asked, so that
 * a corpus of thousands of tests opens at once. */
static const char script[] =
    "<script>\n(function(){\n"
    "var LIMIT=1000,all=false,order=null,dir=1;\n"
    "var D=JSON.parse(document.getElementById('data').textContent),T=D.tests;\n"
    "var tb=document.querySelector('#tests tbody');\n"
    "function esc(s){return String(s).replace(/[&<>\"]/g,function(c){return"
    "{'&':'&amp;','<':'&lt;','>':'&gt;','\"':'&quot;'}[c];});}\n"
    "function v(id){return document.getElementById(id).value;}\n"
    "function row(i){var t=T[i],h='<tr class=\"st-'+t.st+'\" data-i=\"'+i+"
    "'\"><td>'+esc(t.name)+'</td><td>'+esc(t.fam)+'</td><td>'+t.st+'</td><td>'"
    "+t.pair+'</td>';t.m.forEach(function(c){h+=c?'<td class=\"n h'+c[3]+'\">'"
    "+c[2]+(c[4]?' <span class=\"flag\" title=\"'+esc(c[4])+'\">!</span>':'')"
    "+'</td>':'<td class=\"n\">-</td>';});return h+'</tr>';}\n"
    "function key(i,c){var t=T[i];if(c<4)return [t.name,t.fam,t.st,t.pair][c];"
    "var m=t.m[c-4];return m?m[0]/m[1]:-1;}\n"
    "function draw(){var s=v('f-status'),f=v('f-family').toLowerCase(),"
    "n=v('f-name').toLowerCase(),m=v('f-machine'),ix=[];\n"
    "for(var i=0;i<T.length;i++){var t=T[i];if((!s||t.st==s)&&(!f||"
    "t.fam.toLowerCase().indexOf(f)==0)&&(!n||t.name.toLowerCase()"
    ".indexOf(n)>=0)&&(!m||t.m[m]))ix.push(i);}\n"
    "if(order!==null)ix.sort(function(a,b){var x=key(a,order),y=key(b,order);"
    "return dir*(x<y?-1:x>y?1:0);});\n"
    "var k=all?ix.length:Math.min(ix.length,LIMIT),h=[];"
    "for(var j=0;j<k;j++)h.push(row(ix[j]));tb.innerHTML=h.join('');\n"
    "document.getElementById('shown').textContent=k+' of '+ix.length+"
    "' matching tests shown ('+T.length+' in all)';"
    "document.getElementById('more').hidden=k==ix.length;}\n"
    "['f-status','f-family','f-name','f-machine'].forEach(function(id){"
    "document.getElementById(id).addEventListener('input',draw);});\n"
    "document.getElementById('more').addEventListener('click',function(){"
    "all=true;draw();});\n"
    "document.querySelectorAll('#tests th').forEach(function(th,c){"
    "th.addEventListener('click',function(){dir=order===c?-dir:1;order=c;"
    "draw();});});\n"
    "function chart(t){var tot=0;t.m.forEach(function(x){if(x)tot+=x[1];});"
    "var mx=1;t.out.forEach(function(o){if(o[3]>mx)mx=o[3];});"
    "var h=22*t.out.length+30,s='<svg xmlns=\"http://www.w3.org/2000/svg\" "
    "width=\"760\" height=\"'+h+'\" font-size=\"12\">';\n"
    "t.out.forEach(function(o,i){var y=22*i+20,w=o[3]?Math.max(2,Math.round("
    "300*o[3]/mx)):0,col=o[1]?(o[2]?'#2a6bc4':'#7fa7df'):'#c62828';"
    "s+='<text x=\"0\" y=\"'+(y+12)+'\">'+esc(o[0])+'</text>'+'<rect x=\"'"
    "+280+'\" y=\"'+y+'\" width=\"'+w+'\" height=\"16\" fill=\"'+col+'\"/>'"
    "+'<text x=\"'+(285+w)+'\" y=\"'+(y+12)+'\">'+o[3]+(tot?' ('+(1e6*o[3]/"
    "tot).toPrecision(3)+'/M)':'')+' '+(o[1]?'allowed':'forbidden')+"
    "(o[2]?', satisfies the condition':'')+'</text>';});\n"
    "return s+'</svg>';}\n"
    "function explained(t){var l=t.out.filter(function(o){return o[4];});"
    "if(!l.length)return '';return '<h3>Explanations</h3><ul>'+l.map("
    "function(o){return '<li>'+esc(o[0])+' ('+(o[1]?'allowed, unseen':"
    "'forbidden, seen')+'): <a href=\"'+esc(o[4])+'.txt\">why</a>'+(o[5]?"
    "' <a href=\"'+esc(o[4])+'.svg\">graph</a>':'')+'</li>';}).join('')"
    "+'</ul>';}\n"
    "tb.addEventListener('click',function(e){var r=e.target.closest('tr');"
    "if(!r)return;var t=T[r.dataset.i];var h='<h2>'+esc(t.name)+"
    "'</h2><p>model: '+esc(t.model||'no entry')+'; condition: '+esc(t.cond)"
    "+'</p>'+(t.out.length?chart(t):'<p>No model entry: its '+t.n_out+"
    "' final states are in outcomes.csv.</p>')+'<h3>Model\\'s states</h3>"
    "<pre>'+esc(t.out.filter(function(o){return o[1];}).map(function(o){"
    "return o[0];}).join('\\n'))+'</pre>'+explained(t);if(t.src)h+='<h3>Source</h3><pre>'"
    "+esc(t.src)+'</pre>';document.getElementById('detail').innerHTML=h;});\n"
    "draw();document.body.setAttribute('data-ready-ms',"
    "Math.round(performance.now()));})();\n</script>\n";

bool cmp_write_html(const cmp_run *run, cmp_test **sorted,
                    const cmp_totals *tot, const cmp_out *out)
{
    FILE *f = cmp_report_open(out, "report.html");
    if (!f)
        return false;
    cmp_test **rows = cmp_ranked_tests(run, sorted);
    write_head(f, run, tot);
    write_table_head(f, run);
    write_heat(f, run, sorted);
    write_data(f, run, rows, out->dir);
    fputs(script, f);
    fputs("</body></html>\n", f);
    free(rows);
    return cmp_report_close(out, f, "report.html");
}
