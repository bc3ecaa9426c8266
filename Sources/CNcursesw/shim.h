// Imports ncursesw into Swift. TerminalKit is the only module that uses it.
#ifndef STAGEMON_CNCURSESW_SHIM_H
#define STAGEMON_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

#endif
