// Imports ncursesw into Swift. TerminalKit is the only module that uses it.
// The static inline helpers wrap macros and globals that Swift cannot import directly.
#ifndef STAGEMON_CNCURSESW_SHIM_H
#define STAGEMON_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

/// The standard screen (a macro over a global in some ncurses builds).
static inline WINDOW *stagemon_stdscr(void) { return stdscr; }

/// A new curses screen on the process's stdout/stdin (globals Swift 6 cannot touch safely).
static inline SCREEN *stagemon_newterm(void) { return newterm(0, stdout, stdin); }

/// Rows and columns of a window (getmaxyx is a macro assigning its arguments).
static inline void stagemon_getmaxyx(WINDOW *win, int *rows, int *cols) {
  int y, x;
  getmaxyx(win, y, x);
  *rows = y;
  *cols = x;
}

/// Attribute bits (macros built from NCURSES_BITS).
static inline attr_t stagemon_a_normal(void) { return A_NORMAL; }
static inline attr_t stagemon_a_bold(void) { return A_BOLD; }
static inline attr_t stagemon_a_underline(void) { return A_UNDERLINE; }
static inline attr_t stagemon_a_reverse(void) { return A_REVERSE; }
static inline attr_t stagemon_a_dim(void) { return A_DIM; }
static inline attr_t stagemon_a_italic(void) { return A_ITALIC; }

/// Number of colours and colour pairs the terminal supports (globals set by start_color).
static inline int stagemon_colors(void) { return COLORS; }
static inline int stagemon_color_pairs(void) { return COLOR_PAIRS; }

/// Whether the current locale's character set is UTF-8 (call after setlocale).
static inline int stagemon_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  if (codeset == 0) return 0;
  const char *want = "UTF-8";
  for (int i = 0; want[i] != 0; i++) {
    char c = codeset[i];
    if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    if (c != want[i]) return 0;
  }
  return codeset[5] == 0;
}

/// The terminal's size from the kernel (TIOCGWINSZ on stdout); 0 on success. ioctl is
/// variadic, which Swift cannot call.
static inline int stagemon_terminal_size(int *rows, int *cols) {
  struct winsize size;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) {
    return -1;
  }
  *rows = size.ws_row;
  *cols = size.ws_col;
  return 0;
}

#endif
