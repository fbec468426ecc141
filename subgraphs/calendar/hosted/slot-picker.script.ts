/**
 * The slot picker's script, shared by the booking page and the reschedule page: the month of free days and the slots
 * of a day in the booker's zone (detected, changeable), then the post of the picked slot to the page's JSON route.
 * The page's data say where: `slotsUrl` (may carry a query), `submitUrl`, `submitExtra` (fields sent along, such as a
 * link's token), the booking questions (sent as `responses`, errors shown beside their control) and the headings of
 * the answer. Everything the server sent is set as text, never as markup. The picker's markup comes in
 * `<template id="enhanced">`, put in place first (without a script the page shows its plain form).
 */
export const SLOT_PICKER_SCRIPT = `(function(){
var tpl=document.getElementById('enhanced');if(tpl)tpl.replaceWith(tpl.content);
var cfg=JSON.parse(document.getElementById('booking-data').textContent);
var $=function(id){return document.getElementById(id)};
var zoneSel=$('zone'),durSel=$('duration'),grid=$('days'),slotList=$('slots'),dayHeading=$('day-heading'),monthHeading=$('month-heading');
var form=$('book-form'),status=$('status'),problem=$('problem'),picked=$('picked');
var state={zone:'',month:'',days:{},day:null,slot:null,searching:0};
function el(tag,text,attrs){var e=document.createElement(tag);if(text!=null)e.textContent=text;for(var k in attrs||{})e.setAttribute(k,attrs[k]);return e}
function pad(n){return (n<10?'0':'')+n}
function todayIn(zone){var p=new Intl.DateTimeFormat('en-CA',{timeZone:zone,year:'numeric',month:'2-digit',day:'2-digit'}).format(new Date());return p.slice(0,10)}
function monthOf(date){return date.slice(0,7)}
function shiftMonth(month,by){var y=+month.slice(0,4),m=+month.slice(5,7)-1+by;y+=Math.floor(m/12);m=((m%12)+12)%12;return y+'-'+pad(m+1)}
function daysIn(month){return new Date(Date.UTC(+month.slice(0,4),+month.slice(5,7),0)).getUTCDate()}
function dateLabel(date,opts){var d=new Date(date+'T12:00:00Z');return new Intl.DateTimeFormat(undefined,Object.assign({timeZone:'UTC'},opts)).format(d)}
function say(text){status.textContent=text}
function showProblem(text){problem.textContent=text||'';problem.hidden=!text}
var detected='';try{detected=Intl.DateTimeFormat().resolvedOptions().timeZone||''}catch(e){}
var zones=[];try{zones=Intl.supportedValuesOf('timeZone')}catch(e){}
if(zones.indexOf('UTC')<0)zones.push('UTC');
[detected,cfg.timeZone].forEach(function(z){if(z&&zones.indexOf(z)<0)zones.push(z)});
zoneSel.textContent='';zones.sort().forEach(function(z){zoneSel.appendChild(el('option',z.replace(/_/g,' '),{value:z}))});
state.zone=detected||cfg.timeZone||'UTC';zoneSel.value=state.zone;
function load(month,findFirst){
  state.month=month;var today=todayIn(state.zone);
  var from=month+'-01',to=month+'-'+pad(daysIn(month));
  if(to<today){render();return Promise.resolve()}
  if(from<today)from=today;
  var q=(cfg.slotsUrl.indexOf('?')<0?'?':'&')+'from='+from+'&to='+to+'&timeZone='+encodeURIComponent(state.zone)+(durSel?'&duration='+durSel.value:'');
  say('Loading free times…');
  return fetch(cfg.slotsUrl+q,{credentials:'omit',headers:{Accept:'application/json'}}).then(function(r){return r.json().then(function(j){return {ok:r.ok,j:j}})}).then(function(res){
    if(!res.ok){say('');showProblem(res.j&&res.j.error?res.j.error.message:'Free times could not be loaded.');return}
    state.days={};res.j.data.days.forEach(function(d){if(d.slots.length)state.days[d.date]=d.slots});
    var first=Object.keys(state.days).sort()[0];
    if(findFirst&&!first&&state.searching<5){state.searching++;return load(shiftMonth(month,1),true)}
    state.searching=0;
    if(!state.day||!state.days[state.day]||monthOf(state.day)!==month)state.day=first||null;
    render();say(first?'':'No free times this month.');
  }).catch(function(){say('');showProblem('Free times could not be loaded. Check your connection and try again.')});
}
function render(){
  var month=state.month;monthHeading.textContent=dateLabel(month+'-01',{month:'long',year:'numeric'});
  $('prev').disabled=month<=monthOf(todayIn(state.zone));
  grid.textContent='';
  var lead=(new Date(month+'-01T12:00:00Z').getUTCDay()+6)%7;
  for(var i=0;i<lead;i++)grid.appendChild(el('li',null,{'aria-hidden':'true','class':'blank'}));
  for(var d=1;d<=daysIn(month);d++){
    var date=month+'-'+pad(d),slots=state.days[date];
    var b=el('button',String(d),{type:'button','data-date':date,'aria-label':dateLabel(date,{weekday:'long',day:'numeric',month:'long'})+(slots?', '+slots.length+' free':', no free times')});
    if(!slots)b.disabled=true;
    if(date===state.day)b.setAttribute('aria-pressed','true');else if(slots)b.setAttribute('aria-pressed','false');
    b.addEventListener('click',function(e){pickDay(e.currentTarget.getAttribute('data-date'))});
    var li=el('li');li.appendChild(b);grid.appendChild(li);
  }
  renderSlots();
}
function pickDay(date){state.day=date;state.slot=null;form.hidden=true;render();var first=slotList.querySelector('button');if(first)first.focus()}
function renderSlots(){
  slotList.textContent='';
  if(!state.day){dayHeading.textContent='No free times';return}
  dayHeading.textContent=dateLabel(state.day,{weekday:'long',day:'numeric',month:'long'});
  state.days[state.day].forEach(function(s){
    var b=el('button',s.startTime,{type:'button','class':'slot','aria-pressed':state.slot&&state.slot.start===s.start?'true':'false'});
    b.addEventListener('click',function(){pickSlot(s)});
    var li=el('li');li.appendChild(b);slotList.appendChild(li);
  });
}
function pickSlot(s){state.slot=s;showProblem('');renderSlots();
  picked.textContent=dateLabel(state.day,{weekday:'long',day:'numeric',month:'long'})+', '+s.startTime+'–'+s.endTime+' ('+state.zone.replace(/_/g,' ')+')';
  form.hidden=false;form.querySelector('input,button').focus()}
zoneSel.addEventListener('change',function(){state.zone=zoneSel.value;state.day=null;state.slot=null;form.hidden=true;load(monthOf(todayIn(state.zone)),true)});
if(durSel)durSel.addEventListener('change',function(){state.slot=null;form.hidden=true;load(state.month,false)});
$('prev').addEventListener('click',function(){state.day=null;load(shiftMonth(state.month,-1),false)});
$('next').addEventListener('click',function(){state.day=null;load(shiftMonth(state.month,1),false)});
var questions=cfg.questions||[];
function answer(q){
  var c=$('q-'+q.name),v;
  if(q.type==='CHECKBOX')return c.checked;
  if(q.type==='RADIO'||q.type==='MULTISELECT'){
    v=[].slice.call(c.querySelectorAll('input:checked')).map(function(i){return i.value});
    return q.type==='RADIO'?v[0]:v.length?v:undefined;
  }
  v=c.value.trim();if(v==='')return undefined;
  return q.type==='NUMBER'&&!isNaN(+v)?+v:v;
}
function fieldError(field,text){
  var id=field&&field.indexOf('responses.')===0?'q-'+field.slice(10):field,box=id&&$('err-'+id),c=id&&$(id);
  if(!box)return false;box.textContent=text;
  if(c){c.setAttribute('aria-invalid','true');(c.tagName==='FIELDSET'?c.querySelector('input'):c).focus()}
  return true;
}
function clearErrors(){[].forEach.call(form.querySelectorAll('.error'),function(p){p.textContent=''});[].forEach.call(form.querySelectorAll('[aria-invalid]'),function(c){c.removeAttribute('aria-invalid')})}
form.addEventListener('submit',function(e){
  e.preventDefault();if(!state.slot)return;showProblem('');clearErrors();
  var body=Object.assign({},cfg.submitExtra||{},{start:state.slot.start,timeZone:state.zone});
  if($('name'))body.name=$('name').value;if($('email'))body.email=$('email').value;
  if(durSel)body.duration=+durSel.value;
  if(questions.length){body.responses={};questions.forEach(function(q){var v=answer(q);if(v!==undefined)body.responses[q.name]=v})}
  var button=$('book');button.disabled=true;say(cfg.sending||'Booking…');
  fetch(cfg.submitUrl,{method:'POST',credentials:'omit',headers:{'Content-Type':'application/json',Accept:'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json().then(function(j){return {status:r.status,j:j}})}).then(function(res){
    button.disabled=false;say('');
    if(res.status===200||res.status===201)return done(res.j.data);
    var err=res.j&&res.j.error||{};
    if(err.code==='SLOT_UNAVAILABLE'||err.code==='DAILY_LIMIT'||err.code==='MINIMUM_NOTICE'){
      state.slot=null;form.hidden=true;
      return load(state.month,true).then(function(){showProblem('That time is no longer free. Pick another time below.');var f=slotList.querySelector('button');if(f)f.focus()});
    }
    if(!fieldError(err.details&&err.details.field,err.message))showProblem(err.message||'That did not work: try again.');
  }).catch(function(){button.disabled=false;say('');showProblem('The booking could not be made. Check your connection and try again.')});
});
function done(b){
  $('booking').hidden=true;var c=$('confirmation');c.hidden=false;
  var when=new Intl.DateTimeFormat(undefined,{timeZone:b.timeZone,weekday:'long',day:'numeric',month:'long',year:'numeric',hour:'2-digit',minute:'2-digit',hour12:false}).format(new Date(b.startTime));
  $('confirmed-heading').textContent=b.status==='PENDING'&&cfg.pendingHeading?cfg.pendingHeading:cfg.doneHeading;
  $('confirmed-when').textContent=when+' ('+b.timeZone.replace(/_/g,' ')+')';
  $('confirmed-to').textContent='A confirmation goes to '+b.email+'.';
  var list=$('answers'),given=b.responses||{};
  if(list)questions.forEach(function(q){var v=given[q.name];if(v==null)return;
    list.appendChild(el('dt',q.label));list.appendChild(el('dd',v===true?'Yes':v===false?'No':[].concat(v).join(', ')));$('confirmed-answers').hidden=false});
  var join=$('confirmed-join');if(b.meetingUrl){join.href=b.meetingUrl;join.hidden=false}
  var ics=$('ics');
  if(b.ics){ics.href=URL.createObjectURL(new Blob([b.ics],{type:'text/calendar'}));ics.hidden=false}
  $('confirmed-heading').focus();
}
load(monthOf(todayIn(state.zone)),true);
})();`;
