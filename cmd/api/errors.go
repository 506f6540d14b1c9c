package main

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// Every error answer goes through these helpers: {"message"} plus {"errors"} for validation.

type errorBody struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
}

func errorResponse(c *echo.Context, status int, message string) error {
	return c.JSON(status, errorBody{Message: message})
}

// serverError logs the detail and answers a generic message: no SQL or stack traces reach clients.
func (app *application) serverError(c *echo.Context, err error) error {
	app.logger.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "error", err)
	return errorResponse(c, http.StatusInternalServerError, "Something went wrong on our side. Please try again.")
}

func failedValidation(c *echo.Context, errs map[string]string) error {
	return c.JSON(http.StatusBadRequest, errorBody{Message: firstMessage(errs), Errors: errs})
}

func badRequest(c *echo.Context, message string) error {
	return errorResponse(c, http.StatusBadRequest, message)
}

func notFound(c *echo.Context) error {
	return errorResponse(c, http.StatusNotFound, "Not found")
}

func unauthorized(c *echo.Context) error {
	return errorResponse(c, http.StatusUnauthorized, "Not signed in")
}

func conflict(c *echo.Context, message string) error {
	return errorResponse(c, http.StatusConflict, message)
}

// errorHandler answers errors that escape handlers (routing 404/405, middleware failures).
func (app *application) errorHandler(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	status := echo.StatusCode(err)
	var writeErr error
	switch status {
	case 0, http.StatusInternalServerError:
		writeErr = app.serverError(c, err)
	case http.StatusNotFound:
		writeErr = notFound(c)
	default:
		writeErr = errorResponse(c, status, http.StatusText(status))
	}
	if writeErr != nil {
		app.logger.Warn("writing error response", "error", writeErr)
	}
}
