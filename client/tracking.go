package client

import (
	"context"
	"net/http"
	"net/url"
)

// EventNames are the values eventName takes, in the spec's order.
var EventNames = [...]string{
	"PageView", "Purchase", "Lead", "CompleteRegistration", "AddToCart", "AddToWishlist",
	"InitiateCheckout", "Search", "ViewContent", "Contact", "CustomizeProduct", "Donate",
	"FindLocation", "Schedule", "StartTrial", "SubmitApplication", "Subscribe", "ViewCart",
	"ViewProduct", "Other",
}

// ContactInfo is the contact of a conversion; no field is required.
type ContactInfo struct {
	Email       string `json:"email,omitempty"`
	FirstName   string `json:"firstName,omitempty"`
	LastName    string `json:"lastName,omitempty"`
	Phone       string `json:"phone,omitempty"`
	City        string `json:"city,omitempty"`
	State       string `json:"state,omitempty"`
	PostalCode  string `json:"postalCode,omitempty"`
	Country     string `json:"country,omitempty"`
	DateOfBirth string `json:"dateOfBirth,omitempty"` // ISO 8601
}

// ConversionRequest is the body of POST /funnels/event/conversion.
type ConversionRequest struct {
	EventID   string      `json:"eventId,omitempty"`
	EventName string      `json:"eventName"`
	Contact   ContactInfo `json:"contact"`
	URL       string      `json:"url,omitempty"`
	Pxp       string      `json:"pxp,omitempty"`
	Pxc       string      `json:"pxc,omitempty"`
	Pxclid    string      `json:"pxclid,omitempty"`
	PxEventID string      `json:"pxEventId,omitempty"`
	Currency  string      `json:"currency,omitempty"`
	Value     string      `json:"value,omitempty"` // a decimal number, sent as a string
}

// SendConversion records a conversion event. It carries no bearer token: the spec
// gives this operation no security requirement.
func (c *Client) SendConversion(ctx context.Context, p ConversionRequest) (*Result, *Response, error) {
	cl, err := jsonCall(http.MethodPost, "/funnels/event/conversion", p)
	if err != nil {
		return nil, nil, err
	}
	cl.noAuth = true
	return c.doResult(ctx, cl)
}

// PageViewRequest is the body of the page-visit workflow trigger.
type PageViewRequest struct {
	FunnelID string `json:"funnelId"`
	StepID   string `json:"stepId"`
	PageURL  string `json:"pageUrl"` // a path within the funnel
}

// TriggerPageView starts the workflows of a page visit
// (POST /funnels/page/view/workflow/trigger). The spec says a locationId accompanies
// the request without saying where; it goes in the query, which leaves the body
// exactly the spec's.
func (c *Client) TriggerPageView(ctx context.Context, locationID string, p PageViewRequest) (*Result, *Response, error) {
	cl, err := jsonCall(http.MethodPost, "/funnels/page/view/workflow/trigger", p)
	if err != nil {
		return nil, nil, err
	}
	cl.query = url.Values{}
	c.setLocation(cl.query, locationID)
	return c.doResult(ctx, cl)
}
