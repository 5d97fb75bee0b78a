/**
 * Column width as the AWS CLI counts it (awscli/table.py get_text_length): every code point whose
 * Unicode East Asian Width is W (wide), F (fullwidth) or A (ambiguous) counts 2, everything else 1
 * (combining marks and zero-width characters included). Ranges generated from Python's unicodedata
 * 14.0.0; each entry is base-36 "gap[.length]": gap since the previous range's end, then its extent.
 */
const PACKED =
  '4h,2,2.1,1,2.1,1.4,1.4,1.3,6,9,6.1,5.3,4,1.2,1.1,2,1.1,3.3,1,1,2,f,1,7,a.1,3,5.2,4,6.3,1,3.3,1,4.1,i' +
  '.1,3,2q,1,1,1,1,1,1,1,38,f,2q,2,1.2,1,2,7.3,1,1,w.33,8.1,6.3,7,1,3.o,7.g,1.6,1j,e.1r,1,66,12.1,1e.1,' +
  '3,1j.7,r.3,6.a,7i,1o.1,2t.d,1n.1,1d.1,f,s.1,1,b.4,v,2.5,6k,8.1,2.1,m,7,1.2,4.1,9.1,2.1,4.7,1.3,2,5.1' +
  ',p.1,3,6.3,2.1,m,7,2,2,2.1,1,5.3,2.1,3.2,1.6,4,1.6,h.9,3,9,3,m,7,2,5.1,a,3,3.1,1.e,4.1,c.6,7,3,8.1,2' +
  '.1,m,7,2,5.1,9.1,2.1,3.6,3.3,2,5.1,i.9,2,6.2,3,4.2,2,1,2.2,2.2,3.2,c.3,5.2,3,4.1,1.5,1.d,l.4,d,3,n,g' +
  '.1,9,3,4.6,2,3.1,1.1,4.1,a.6,m,3,n,a,5.1,9,3,4.6,2.5,2,4.1,a,2.c,d,3,1f,3,6.3,g.1,q,3,i.2,o,9,1.1,7.' +
  '2,1.3,6,1,8.5,a.1,3.b,1m.3,t.10,2,1,5,o,1,n.1,5,1,6.1,a.1,4.v,20,10.3,13,10,f,d.10,5i,1.4,1.1,1c.2n,' +
  '6h,4.1,7,1,4.1,15,4.1,x,4.1,7,1,4.1,f,1l,4.1,1v.1,w.2,q.5,2e.1,6.1,il.2,2h.6,m.8,o.8,k.b,d,3,2.b,2m.' +
  '1,a.5,a.5,q.5,2h.6,17.4,1y.9,v,c.3,c.3,1.2,16.1,5.a,18.3,q.5,b.2,1q.1,1t,t.1,b.5,a.5,e.1,v.1c,25.2,1' +
  'b,38.7,1o.2,f.2,1o.6,17.1,b.7,17.4,eu.1,6.1,12.1,6.1,8,1,1,1,v.1,1h,f,e.1,6,j.1,3,9,g,2.3,1.1,2.1,2.' +
  '2,1.3,8,1.1,1,5,2,12,c.2,a,1.3,a,d.2,c,k.e,x.e,3,1,3,9,2,a.1,3,4,13.1,6.3,1.b,4.9,f,2.d,u.1,o,1,i,o,' +
  '1.1,3.1,2,3,1,3,4,2.3,2,1,1.5,1,5.3,4.1,a,3,5,d.1,2.3,2.1,2.1,i.1,2.1,d,3,b,p,2a,7.1,d.1,5a.3,3,2,1f' +
  '.o,b.4e,1.2o,4.z,c.f,2.3,a.1,1.6,8.1,2.1,4.1,2.1,4.2,2,2.3,g.3,9,d.1,6.1,2,4.1,4.1,6,1,x,1,5.b,c.1,1' +
  '.2,1.3,1.1,1,f,j,a.1,1,8.1,h.2,4.t,1,4.n,5,4.1,s,k,e,1,4.2,1,u.9,l.2,o,e,nv.1,1f,4.4,q.1,w,9p.4,19,1' +
  '.4,1.1,1k.6,2.d,o.8,7,7,7,7,7,7,7,7,3i.dc,1.5tr,1s.h5b,9o.j,54.7,5n.4,2,1,5.n,1n.2,a.5,1k.7,1y.7,c.5' +
  ',38.a,1.v,26,b.3,x,1j.8,e.1,a.1,2v.n,s.9,6.1,6.1,6.8,7,7,1o.3,3i.1,a.8mt,n.3,1d.3,1kw.5bz,7.b,5.4,q,' +
  '5,1,2,2,3h.f,cd.1,1i.6,1.v,g.v,g.1r,5,3r.1,1.2o,2m.2,6.1,6.1,6.1,3.a,7.9,4.2,c,q,j,2,f.1,e.x,3f.4,3.' +
  '3,19.2,2g,d.2,1.1a,1a.3l,t.2,1d.e,s.3,10.8,u.4,17.4,u,11.3,e.15,4e.1,a.5,10.3,10.3,14.7,1g.a,c,f,7,2' +
  ',b,f,7,2.1u,8n.8,m.9,8.n,6,16,9.1w,6.1,1,18,2.2,1.1,n,20.7,9.1b,j,2.4,x.2,r.4,1.1r,1k.3,k.1,1e,2.4,8' +
  ',3,t.1,3.3,a.6,9.6,1s.v,13.3,c.8,1i.2,t.1,r.4,q.6,4.b,7.27,21.1i,1f.c,1f.6,1a.7,a.85,v,16,3.1,2.25,1' +
  '4.7,16.l,q.11,s.j,n.8,26.3,10.8,1w.9,1.1,p.6,a.5,1h,i.7,13.8,2o,k.a,i,18.1s,7,1,4,f,b.5,1n.4,a.5,4,8' +
  '.1,2.1,m,7,2,5,a.1,2.1,3.1,1.5,1.4,7.1,7.2,5.3u,2k,5.t,20.7,a.4l,1i.1,12.x,1x.a,a.5,d.i,1m.5,a.1h,r.' +
  '1,f.3,n.54,1o.2r,2b.b,8.1,1.1,8,2,u,2.1,c.8,a.1x,8.1,1a.1,b.q,20.7,2b.c,21.7a,9,19,e.9,t.2,w.1,m,e.2' +
  '0,7,2,18.2,1,2,9.7,a.5,6,2,11,2,6.6,a.8l,p.52,1.e,1e.c,pn.2t,33,5.a,5g.217,2r.c,tr,9.346,g7.6ns,ft.6' +
  ',v,a.3,29,a.5,u.1,6.9,1y.9,a,7,l.4,j.j3,2j.2s,23.3,1l.6,h.f33,2z.4,d.2,9.6,a.1,8.3mj,1a.1,n.8,38.1n,' +
  '6u.9,13.1,5e.k,1y.49,k.b,2f.8,p.3q,2d,1z,2.1,1.1,2.1,4,c,1,7,1t,4.1,8,7,s,4,5,1.2,7,9g.1,84.1,ji.e,5' +
  ',f.un,v.68,7,h.1,7,2,5.5w,19.2,e.1,a.3,2.8v,v.g,1m.4,1.yn,7,4,2,f,5h.1,g.14,24.3,a.3,2.ls,1w.23,1p.5' +
  'd,4,r,2,1.1,1,a,4,1,1.5,1.3,1,1,1,3,2,1.1,1,1,1,1,1,2,1.1,4,7,4,4,1,a,h.4,3,5,h.1f,2.7h,4,13.3,2s.b,' +
  'f.1,f,e.1,11.k,5.t,2.1l,6.1o,1.1j,q.80,c.8,1.1x,1.l,c.16,4.4,c.g,3,3.1y,1,1.56,2.1q,d.3,1.n,i,q.1,d,' +
  '2e.2c,1c.1x,6,3.2,2.a,b.4,4.b,38.b,2h.12,c.3,1k.7,a.5,14.7,u.1,2.25,c.1a,1.9,1.54,2c.b,e.41,43,1j.10' +
  ',a.gvly,1.t,2o.47lr';

let starts: Uint32Array | undefined;
let ends: Uint32Array | undefined;

function unpack(): void {
  const parts = PACKED.split(',');
  starts = new Uint32Array(parts.length);
  ends = new Uint32Array(parts.length);
  let prev = -1;
  parts.forEach((part, i) => {
    const [gap, len = '0'] = part.split('.');
    const start = prev + 1 + parseInt(gap, 36);
    prev = start + parseInt(len, 36);
    starts![i] = start;
    ends![i] = prev;
  });
}

/** True when the AWS CLI counts this code point as two columns. */
export function isDoubleWidth(codePoint: number): boolean {
  if (codePoint < 0xa1) return false;
  if (!starts || !ends) unpack();
  let lo = 0;
  let hi = starts!.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codePoint < starts![mid]) hi = mid - 1;
    else if (codePoint > ends![mid]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Number of terminal columns the AWS CLI assigns to a string (per code point: 2 if W/F/A, else 1). */
export function displayWidth(s: string): number {
  let width = 0;
  for (const ch of s) width += isDoubleWidth(ch.codePointAt(0)!) ? 2 : 1;
  return width;
}
