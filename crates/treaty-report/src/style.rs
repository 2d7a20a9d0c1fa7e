//! The inline CSS and the one small script of the report (no fonts, no network).

/// CSS shared by every page.
pub(crate) const CSS: &str = r#"
:root{--fg:#1d1d1f;--mut:#5f6368;--line:#dadce0;--soft:#f6f7f9;--rate:#d4e4ff;--rate-b:#1f5fd1;--thr:#ffe3bd;--thr-b:#b86200;--bad:#c5221f;--ok:#137333;--orig:#fff1b8}
*{box-sizing:border-box}
html{scroll-padding-top:3rem}
body{margin:0;color:var(--fg);background:#fff;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP",sans-serif}
a{color:#1a56b0}
h1{font-size:1.2rem;margin:.15rem 0;overflow-wrap:anywhere}
h2{font-size:.95rem;margin:1rem 0 .35rem;text-transform:uppercase;letter-spacing:.04em;color:var(--mut)}
h3{font-size:.95rem;margin:.8rem 0 .3rem}
header.top{padding:.55rem 1rem;border-bottom:1px solid var(--line);background:var(--soft)}
header.top nav a{margin-right:.9rem}
.meta{color:var(--mut);margin:.1rem 0}
.banner{background:#fce8e6;border:1px solid #f4c7c3;padding:.4rem .6rem;margin:.4rem 0;border-radius:4px}
.wrap{padding:.5rem 1rem 2rem}
table{border-collapse:collapse}
th,td{padding:.2rem .45rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--soft);font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.nw{white-space:nowrap}
.mut{color:var(--mut)}
.badge{display:inline-block;font-size:11px;line-height:1.4;padding:0 .35rem;border-radius:8px;background:#e8eaed;color:#3c4043;white-space:nowrap}
.b-bad{background:#fce8e6;color:var(--bad)}
.b-ok{background:#e6f4ea;color:var(--ok)}
.b-warn{background:#fef7e0;color:#8a5a00}
.cols{display:grid;grid-template-columns:19rem minmax(0,1fr) 27rem;align-items:start}
.outline,.side{position:sticky;top:0;max-height:100vh;overflow:auto;padding:.3rem .8rem 2rem;font-size:13px}
.outline{border-right:1px solid var(--line)}
.side{border-left:1px solid var(--line)}
.outline ol{list-style:none;margin:0;padding:0}
.outline li{margin:.1rem 0}
.outline ol ol{margin-left:1rem;border-left:2px solid var(--line);padding-left:.4rem}
.outline .num{display:inline-block;min-width:2.6rem;font-weight:600}
.tp{color:var(--mut);font-size:12px}
.inf{color:#8a5a00;font-size:11px;font-style:italic}
main.doc{padding:.4rem 1.6rem 50vh;white-space:pre-wrap;overflow-wrap:anywhere;font:15px/1.65 Georgia,"Noto Serif","Noto Serif CJK JP",serif}
.s{content-visibility:auto;contain-intrinsic-size:auto 1200px}
mark.h{color:inherit;background:var(--rate);border-bottom:2px solid var(--rate-b);border-radius:2px;padding:0 1px}
mark.h.k-threshold{background:var(--thr);border-bottom-color:var(--thr-b)}
mark.h.st-unmatched{outline:2px dashed var(--bad);outline-offset:1px}
mark.h.ck-unexpected,mark.h.ck-changed{box-shadow:inset 0 -4px 0 #a142f4}
mark.w{color:inherit;background:none;text-decoration:underline wavy var(--bad) 1.5px}
mark.id{color:inherit;background:none;border-bottom:2px dotted var(--ok)}
mark.id.party{background:#e6f4ea;border-bottom-style:solid}
section.treaty{border-bottom:1px solid var(--line);padding-bottom:.4rem}
section.treaty .tt{margin:.2rem 0;overflow-wrap:anywhere}
table.kv{width:100%}
table.kv th{background:none;color:var(--mut);font-weight:normal;white-space:nowrap;width:1%}
table.kv td{overflow-wrap:anywhere}
.code{font-variant-numeric:tabular-nums;letter-spacing:.02em}
:target{animation:hit 2.5s ease-out}
@keyframes hit{from{box-shadow:0 0 0 4px #fbbc04}to{box-shadow:0 0 0 4px transparent}}
a.an{font:600 11px/1 system-ui,sans-serif;color:#fff;background:#5f6368;border-radius:3px;padding:1px 4px;margin-right:4px;text-decoration:none;vertical-align:2px;white-space:nowrap}
a.an.mli{background:#8430ce}
a.an.prot{background:#0b8043}
.x del{display:none;text-decoration:none}
.x ins{text-decoration:none}
.cc::before{content:"\27E8" attr(data-c) "\27E9";font:10px monospace;color:var(--bad)}
body:has(#o-all:checked) .x del{display:inline;background:var(--orig)}
body:has(#o-all:checked) .x ins{display:none}
ol.rl{list-style:none;margin:0;padding:0}
ol.rl li{padding:.25rem .3rem;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
ol.rl li.st-unmatched{border-left:3px solid var(--bad)}
.sw{display:inline-block;width:1.1em;height:.9em;vertical-align:-1px;border-radius:2px;margin-right:.25rem}
.sw.rate{background:var(--rate);border-bottom:2px solid var(--rate-b)}
.sw.thr{background:var(--thr);border-bottom:2px solid var(--thr-b)}
.sw.unm{outline:2px dashed var(--bad);outline-offset:-2px}
.sw.ck{box-shadow:inset 0 -4px 0 #a142f4}
.warn li{margin:.25rem 0}
label{cursor:pointer}
.pair{display:grid;grid-template-columns:repeat(var(--n,2),minmax(0,1fr));gap:1rem;border-top:1px solid var(--line);padding:.6rem 0;content-visibility:auto;contain-intrinsic-size:auto 600px}
.pair .tx{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.6 Georgia,"Noto Serif","Noto Serif CJK JP",serif;max-height:32rem;overflow:auto;border:1px solid var(--line);padding:.4rem .6rem;border-radius:4px}
.empty{color:var(--mut);font-style:italic}
#docs th.sortable{cursor:pointer;user-select:none}
#docs th[aria-sort=ascending]::after{content:" \25B2"}
#docs th[aria-sort=descending]::after{content:" \25BC"}
form.filters{margin:.5rem 0;display:flex;gap:1rem;flex-wrap:wrap;align-items:center}
@media (max-width:1200px){.cols{grid-template-columns:1fr}.outline,.side{position:static;max-height:none;border:0}}
"#;

/// The index page's script: sorting by a column and filtering by language, topic, party and
/// status.
/// The page reads completely without it (the filter form stays hidden).
pub(crate) const INDEX_JS: &str = r#"
(function(){
var table=document.getElementById('docs'),form=document.getElementById('filters');
if(!table||!form)return;
form.hidden=false;
var body=table.tBodies[0],shown=document.getElementById('shown');
function has(list,value){return !value||(' '+list+' ').indexOf(' '+value+' ')>=0;}
function apply(){
var n=0;
for(var i=0;i<body.rows.length;i++){var r=body.rows[i];
var ok=has(r.dataset.langs,form.lang.value)&&has(r.dataset.topics,form.topic.value)&&has(r.dataset.parties,form.party.value)&&has(r.dataset.status,form.status.value);
r.hidden=!ok;if(ok)n++;}
shown.textContent=n+' of '+body.rows.length+' documents shown';
}
form.addEventListener('change',apply);
var heads=table.tHead.rows[0].cells;
for(var i=0;i<heads.length;i++){heads[i].classList.add('sortable');heads[i].tabIndex=0;}
function sort(th){
var col=th.cellIndex,numeric=th.classList.contains('n');
var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
for(var i=0;i<heads.length;i++)heads[i].removeAttribute('aria-sort');
th.setAttribute('aria-sort',dir>0?'ascending':'descending');
var rows=Array.prototype.slice.call(body.rows);
rows.sort(function(a,b){
var x=a.cells[col].dataset.v,y=b.cells[col].dataset.v;
if(x===undefined)x=a.cells[col].textContent;if(y===undefined)y=b.cells[col].textContent;
var c=numeric?(parseFloat(x)||0)-(parseFloat(y)||0):x.localeCompare(y);
return c*dir||a.dataset.i-b.dataset.i;});
rows.forEach(function(r){body.appendChild(r);});
}
table.tHead.addEventListener('click',function(e){var th=e.target.closest('th');if(th)sort(th);});
table.tHead.addEventListener('keydown',function(e){if(e.key==='Enter'){var th=e.target.closest('th');if(th)sort(th);}});
apply();
})();
"#;
