;;; manole.el --- Ask manoled about your files  -*- lexical-binding: t; -*-

;; Usage:
;;   (add-to-list 'load-path "/path/to/manole/integrations/emacs")
;;   (require 'manole)
;;   (global-set-key (kbd "C-c m") #'manole-ask)
;;
;; M-x manole-ask asks the question typed in the minibuffer; with an active
;; region, the region's text is the question (C-u M-x manole-ask: type a
;; question about the region, which is sent after it).  The answer streams
;; into the *manole* buffer as the model writes it; its sources are listed
;; at the end.  It runs `manole-client ask' with `make-process', so Emacs
;; never blocks.  M-x manole-cancel stops the answer.

;;; Code:

(require 'subr-x)                       ; string-trim, string-empty-p

(defgroup manole nil
  "Ask the Manole daemon about your files."
  :group 'tools)

(defcustom manole-client-program "manole-client"
  "The manole-client executable (e.g. \"~/src/manole/.venv/bin/manole-client\")."
  :type 'string)

(defcustom manole-session "emacs"
  "Conversation name: asks in the same session share recent context."
  :type 'string)

(defvar manole--process nil "The running ask, if any.")

(defun manole--question (arg)
  "The question: the region's text, the minibuffer, or both with prefix ARG."
  (let ((region (and (use-region-p)
                     (buffer-substring-no-properties (region-beginning) (region-end)))))
    (cond ((and region arg) (concat (read-string "Ask manole about the region: ") "\n\n" region))
          (region region)
          (t (read-string "Ask manole: ")))))

(defun manole--filter (proc string)
  "Append STRING, streamed by PROC, at the end of its buffer."
  (when (buffer-live-p (process-buffer proc))
    (with-current-buffer (process-buffer proc)
      (let ((inhibit-read-only t)
            (follow (= (point) (process-mark proc))))
        (save-excursion
          (goto-char (process-mark proc))
          (insert string)
          (set-marker (process-mark proc) (point)))
        (when follow (goto-char (process-mark proc)))))))

(defun manole--sentinel (proc event)
  "Report how PROC ended (EVENT) when it did not end well."
  (when (and (memq (process-status proc) '(exit signal))
             (buffer-live-p (process-buffer proc)))
    (let ((code (process-exit-status proc)))
      (unless (zerop code)
        (with-current-buffer (process-buffer proc)
          (let ((inhibit-read-only t))
            (goto-char (point-max))
            (insert (propertize
                     (format "\n[manole-client %s: %s]\n"
                             (string-trim event)
                             (if (= code 3)
                                 "manoled is not running; start it with `manoled service install' or `manoled run'"
                               (format "exit status %d" code)))
                     'face 'error))))))))

;;;###autoload
(defun manole-ask (question)
  "Ask manoled QUESTION; the answer streams into the *manole* buffer."
  (interactive (list (manole--question current-prefix-arg)))
  (when (string-empty-p (string-trim question))
    (user-error "Empty question"))
  (manole-cancel)
  (let ((buf (get-buffer-create "*manole*")))
    (with-current-buffer buf
      (special-mode)                    ; read-only, q quits
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (propertize (concat "Q: " question) 'face 'bold) "\n\n")))
    (setq manole--process
          (make-process
           :name "manole"
           :buffer buf
           :command (list manole-client-program "ask" "--session" manole-session "--" question)
           :connection-type 'pipe
           :coding 'utf-8
           :noquery t
           :filter #'manole--filter
           :sentinel #'manole--sentinel))
    (with-current-buffer buf
      (set-marker (process-mark manole--process) (point-max)))
    (display-buffer buf)
    manole--process))

(defun manole-cancel ()
  "Stop the answer being written, if any (the daemon cancels the ask)."
  (interactive)
  (when (process-live-p manole--process)
    (interrupt-process manole--process)))

(provide 'manole)
;;; manole.el ends here
