" Manole for Vim 8+ / Neovim: ask about your files from the editor.
"   :Manole where is the lease?     ask; the answer streams into a scratch split
"   :'<,'>Manole summarise this     ask about the selected lines (they follow the question)
"   :ManoleSearch lease agreement   search hits in the quickfix list (no model); :copen, <CR> opens
" Install: copy to ~/.vim/plugin/ (or ~/.config/nvim/plugin/), manole-client on $PATH
" (or let g:manole_client = '/path/to/.venv/bin/manole-client').
if exists('g:loaded_manole') | finish | endif
let g:loaded_manole = 1
let g:manole_client = get(g:, 'manole_client', 'manole-client')
let g:manole_session = get(g:, 'manole_session', 'vim')

function! s:Scratch() abort
  let l:win = bufwinnr('__manole__')
  if l:win > 0
    execute l:win . 'wincmd w'
  else
    botright new __manole__
    setlocal buftype=nofile bufhidden=hide noswapfile nobuflisted wrap
  endif
  silent %delete _
  return bufnr('%')
endfunction

function! s:Append(buf, lines) abort
  if has('nvim')
    let l:last = nvim_buf_line_count(a:buf)
    call nvim_buf_set_lines(a:buf, l:last, l:last, v:false, a:lines)
  else
    call appendbufline(a:buf, '$', a:lines)
  endif
endfunction

function! manole#Ask(question, ...) abort
  let l:text = a:question
  if a:0 && !empty(a:1)
    let l:text .= "\n\n" . join(a:1, "\n")
  endif
  let l:cmd = [g:manole_client, 'ask', '--session', g:manole_session, '--', l:text]
  let l:buf = s:Scratch()
  call setbufline(l:buf, 1, ['Q: ' . a:question, ''])
  if has('nvim')
    let g:manole_job = jobstart(l:cmd, {'stdout_buffered': v:false,
          \ 'on_stdout': {j, d, e -> s:Append(l:buf, filter(copy(d), 'v:val !=# ""'))},
          \ 'on_stderr': {j, d, e -> s:Append(l:buf, filter(copy(d), 'v:val !=# ""'))}})
  else
    " line by line: manole-client streams tokens, the scratch buffer shows whole lines as they end
    let g:manole_job = job_start(l:cmd, {'out_io': 'buffer', 'out_buf': l:buf, 'out_msg': 0,
          \ 'err_io': 'buffer', 'err_buf': l:buf, 'err_msg': 0, 'in_io': 'null'})
  endif
  wincmd p
endfunction

function! manole#Search(query) abort
  let l:argv = [g:manole_client, 'search', '--json', '-k', '20', '--', a:query]
  let l:out = systemlist(join(map(l:argv, 'shellescape(v:val)')))
  if v:shell_error
    echoerr 'manole: ' . join(l:out, ' ')
    return
  endif
  let l:hits = json_decode(join(l:out, "\n"))['hits']
  call setqflist(map(l:hits, {i, h -> {'filename': h.path, 'lnum': 1,
        \ 'text': printf('%.3f%s %s', h.score, h.page is v:null ? '' : ' p.' . h.page,
        \                substitute(h.text, '\s\+', ' ', 'g')[:120])}}), 'r')
  copen
endfunction

command! -range=0 -nargs=+ Manole call manole#Ask(<q-args>, <count> ? getline(<line1>, <line2>) : [])
command! -nargs=+ ManoleSearch call manole#Search(<q-args>)
